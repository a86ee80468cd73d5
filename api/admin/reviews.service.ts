import { type Clock, isoNow } from "#api/core/clock.ts";
import type { AuthUser } from "#api/core/env.ts";
import { paginate } from "#api/core/envelope.ts";
import { notFound } from "#api/core/errors.ts";
import type { Db, Queryable } from "#api/db/connect.ts";
import { adjustRatingSummary } from "#api/reviews/reviews.service.ts";
import { ADMIN_CATALOGUE } from "#contract/constants.ts";
import type { AdminReviewDto } from "#contract/dto/admin-catalogue.ts";
import { MSG } from "#contract/messages.ts";
import type { AdminReviewsQuery } from "#contract/schemas/admin-catalogue.ts";
import { recordAudit } from "./audit.ts";

type Actor = Pick<AuthUser, "id" | "email">;

const reviewRows = (db: Queryable) =>
  db
    .selectFrom("reviews")
    .innerJoin("products", "products.id", "reviews.product_id")
    .leftJoin("users", "users.id", "reviews.user_id")
    .select([
      "reviews.id",
      "reviews.product_id",
      "products.name as product_name",
      "users.name as reviewer_name",
      "users.email as reviewer_email",
      "reviews.rating",
      "reviews.comment",
      "reviews.created_at",
      "reviews.hidden_at",
    ]);

/** One page of reviews, hidden ones included, newest first; of one product when asked. */
export async function adminReviews(db: Db, query: AdminReviewsQuery) {
  const limit = ADMIN_CATALOGUE.pageSize;
  let rows = reviewRows(db.kysely);
  let count = db.kysely.selectFrom("reviews").select((eb) => eb.fn.countAll<number | string>().as("count"));
  if (query.product !== undefined) {
    rows = rows.where("reviews.product_id", "=", query.product);
    count = count.where("product_id", "=", query.product);
  }
  const [reviews, total] = await Promise.all([
    rows
      .orderBy("reviews.created_at", "desc")
      .orderBy("reviews.id", "desc")
      .limit(limit)
      .offset((query.page - 1) * limit)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { reviews: reviews satisfies AdminReviewDto[], pagination: paginate(Number(total.count), query.page, limit) };
}

/**
 * Hides a review from the shop or shows it again, in one transaction with the product's rating summary (a hidden
 * review leaves its count and average), the catalogue generation and the audit entry. Asking for the state it is
 * already in changes nothing.
 */
export async function setReviewHidden(db: Db, clock: Clock, actor: Actor, id: number, hidden: boolean): Promise<AdminReviewDto> {
  return db.kysely.transaction().execute(async (trx) => {
    let query = trx.selectFrom("reviews").select(["product_id", "rating", "hidden_at"]).where("id", "=", id);
    // Hiding twice at once must move the summary once.
    if (db.dialect === "postgres") query = query.forUpdate();
    const review = await query.executeTakeFirst();
    if (!review) throw notFound(MSG.adminCatalogue.reviewNotFound);
    if ((review.hidden_at !== null) !== hidden) {
      const now = isoNow(clock);
      await trx
        .updateTable("reviews")
        .set(hidden ? { hidden_at: now, hidden_by: actor.id } : { hidden_at: null, hidden_by: null })
        .where("id", "=", id)
        .execute();
      const sign = hidden ? -1 : 1;
      await adjustRatingSummary(trx, review.product_id, sign, sign * review.rating);
      await recordAudit(trx, clock, actor, {
        action: hidden ? "review.hide" : "review.unhide",
        subject: `review ${id}`,
        before: { hidden_at: review.hidden_at },
        after: { hidden_at: hidden ? now : null },
      });
    }
    return reviewRows(trx).where("reviews.id", "=", id).executeTakeFirstOrThrow();
  });
}
