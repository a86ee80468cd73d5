import { type Clock, isoNow } from "#api/core/clock.ts";
import { paginate } from "#api/core/envelope.ts";
import { ApiError, conflict, notFound } from "#api/core/errors.ts";
import type { Db, Queryable } from "#api/db/connect.ts";
import { REVIEWABLE_ORDER_STATUSES, type ReviewSort } from "#contract/constants.ts";
import type { ProductReviewsDto, RatingDistribution, ReviewDto } from "#contract/dto/review.ts";
import { MSG } from "#contract/messages.ts";
import type { ProductReviewsQuery } from "#contract/schemas/review.ts";
import { averageRating } from "./rating-summary.ts";

/** The name a review shows: first name and last initial ("Amina K."), the one name given, or 'Anonymous'. */
export function reviewerName(fullName: string | null | undefined): string {
  const parts = (fullName ?? "").trim().split(/\s+/).filter(Boolean);
  const first = parts[0];
  if (!first) return MSG.reviews.anonymous;
  const last = parts.length > 1 ? parts[parts.length - 1] : undefined;
  return last ? `${first} ${[...last][0]?.toUpperCase()}.` : first;
}

type ReviewRow = {
  id: number;
  product_id: number;
  order_id: number;
  user_name: string | null;
  rating: number;
  comment: string | null;
  created_at: string;
  updated_at: string;
};

const toDto = ({ user_name, ...row }: ReviewRow): ReviewDto => ({
  ...row,
  user_name: reviewerName(user_name),
  // Only the buyer of a delivered order can write a review, so every review is a verified purchase.
  verified: true,
});

const reviewRows = (db: Queryable) =>
  db
    .selectFrom("reviews")
    .leftJoin("users", "users.id", "reviews.user_id")
    .select([
      "reviews.id",
      "reviews.product_id",
      "reviews.order_id",
      "users.name as user_name",
      "reviews.rating",
      "reviews.comment",
      "reviews.created_at",
      "reviews.updated_at",
    ]);

/** Moves the product's running rating summary (its shown reviews) by one review's change, in the caller's transaction. */
export async function adjustRatingSummary(trx: Queryable, productId: number, countDelta: number, sumDelta: number): Promise<void> {
  await trx
    .updateTable("products")
    .set((eb) => ({ rating_count: eb("rating_count", "+", countDelta), rating_sum: eb("rating_sum", "+", sumDelta) }))
    .where("id", "=", productId)
    .execute();
}

/**
 * Writes the signed-in shopper's review of a product on one of their orders. The order must be theirs (else 404,
 * as if it did not exist), delivered or completed, and contain the product; one review per product per order (409).
 */
export async function createReview(
  db: Db,
  clock: Clock,
  userId: number,
  input: { product_id: number; order_id: number; rating: number; comment: string | null },
): Promise<ReviewDto> {
  return db.kysely.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom("orders")
      .select(["id", "status"])
      .where("id", "=", input.order_id)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (!order) throw notFound(MSG.reviews.orderNotFound);
    if (!(REVIEWABLE_ORDER_STATUSES as readonly string[]).includes(order.status)) {
      throw new ApiError(403, "FORBIDDEN", MSG.reviews.afterDelivery);
    }
    const item = await trx
      .selectFrom("order_items")
      .select("id")
      .where("order_id", "=", order.id)
      .where("product_id", "=", input.product_id)
      .executeTakeFirst();
    if (!item) throw new ApiError(400, "BAD_REQUEST", MSG.reviews.productNotInOrder);
    const now = isoNow(clock);
    const inserted = await trx
      .insertInto("reviews")
      .values({ user_id: userId, ...input, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(["user_id", "product_id", "order_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) throw conflict(MSG.reviews.duplicate);
    await adjustRatingSummary(trx, input.product_id, 1, input.rating);
    return toDto(await reviewRows(trx).where("reviews.id", "=", inserted.id).executeTakeFirstOrThrow());
  });
}

/** Changes the rating and comment of the shopper's own review; anyone else's answers 404 like a missing one. */
export async function updateReview(
  db: Db,
  clock: Clock,
  userId: number,
  reviewId: number,
  input: { rating: number; comment: string | null },
): Promise<ReviewDto> {
  return db.kysely.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom("reviews")
      .select(["product_id", "rating", "hidden_at"])
      .where("id", "=", reviewId)
      .where("user_id", "=", userId);
    // Two edits of one review at once must not both move the summary from the same old rating.
    if (db.dialect === "postgres") query = query.forUpdate();
    const existing = await query.executeTakeFirst();
    if (!existing) throw notFound(MSG.reviews.notFound);
    await trx
      .updateTable("reviews")
      .set({ rating: input.rating, comment: input.comment, updated_at: isoNow(clock) })
      .where("id", "=", reviewId)
      .execute();
    // A hidden review is outside the summary: its new rating counts only if an operator shows it again.
    if (existing.hidden_at === null) await adjustRatingSummary(trx, existing.product_id, 0, input.rating - existing.rating);
    return toDto(await reviewRows(trx).where("reviews.id", "=", reviewId).executeTakeFirstOrThrow());
  });
}

/**
 * Deletes the shopper's reviews (one, or all of them when `reviewId` is left out) in the caller's transaction, and
 * takes each shown one out of its product's rating summary. DELETE … RETURNING answers only the rows this call
 * removed, so two removals of one review at once move the summary once. Answers how many went.
 */
export async function deleteReviews(trx: Queryable, userId: number, reviewId?: number): Promise<number> {
  let query = trx.deleteFrom("reviews").where("user_id", "=", userId);
  if (reviewId !== undefined) query = query.where("id", "=", reviewId);
  const removed = await query.returning(["product_id", "rating", "hidden_at"]).execute();
  for (const review of removed) {
    if (review.hidden_at === null) await adjustRatingSummary(trx, review.product_id, -1, -review.rating);
  }
  return removed.length;
}

/** Removes the shopper's own review; anyone else's answers 404 like a missing one. */
export async function removeReview(db: Db, userId: number, reviewId: number): Promise<void> {
  const removed = await db.kysely.transaction().execute((trx) => deleteReviews(trx, userId, reviewId));
  if (removed === 0) throw notFound(MSG.reviews.notFound);
}

const SORT_ORDER: Record<ReviewSort, { column: "reviews.created_at" | "reviews.rating"; direction: "asc" | "desc" }[]> = {
  newest: [{ column: "reviews.created_at", direction: "desc" }],
  oldest: [{ column: "reviews.created_at", direction: "asc" }],
  highest: [
    { column: "reviews.rating", direction: "desc" },
    { column: "reviews.created_at", direction: "desc" },
  ],
  lowest: [
    { column: "reviews.rating", direction: "asc" },
    { column: "reviews.created_at", direction: "desc" },
  ],
};

/** One page of an active product's reviews with its count, average and star distribution; undefined for no such product. */
export async function productReviews(db: Db, productId: number, query: ProductReviewsQuery): Promise<ProductReviewsDto | undefined> {
  const product = await db.kysely
    .selectFrom("products")
    .select(["rating_count", "rating_sum"])
    .where("id", "=", productId)
    .where("status", "=", "Active")
    .executeTakeFirst();
  if (!product) return undefined;
  let page = reviewRows(db.kysely).where("reviews.product_id", "=", productId).where("reviews.hidden_at", "is", null);
  for (const { column, direction } of SORT_ORDER[query.sort]) page = page.orderBy(column, direction);
  const tieBreak = query.sort === "oldest" ? "asc" : "desc";
  const [rows, stars] = await Promise.all([
    page
      .orderBy("reviews.id", tieBreak)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    db.kysely
      .selectFrom("reviews")
      .select((eb) => ["rating", eb.fn.countAll<number | string>().as("count")])
      .where("product_id", "=", productId)
      .where("hidden_at", "is", null)
      .groupBy("rating")
      .execute(),
  ]);
  const distribution: RatingDistribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const { rating, count } of stars) distribution[rating as keyof RatingDistribution] = Number(count);
  return {
    reviews: rows.map(toDto),
    total_reviews: product.rating_count,
    average_rating: averageRating(product.rating_count, product.rating_sum),
    distribution,
    pagination: paginate(product.rating_count, query.page, query.limit),
  };
}
