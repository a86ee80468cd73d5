import { randomBytes } from "node:crypto";
import { listAddresses } from "#api/addresses/addresses.service.ts";
import { type AuditActor, type AuditEntry, recordAudit } from "#api/admin/audit.ts";
import { type Clock, isoNow } from "#api/core/clock.ts";
import { forbidden, validationError } from "#api/core/errors.ts";
import type { Db } from "#api/db/connect.ts";
import { transactionWithRetry } from "#api/db/retry.ts";
import { userOrderDetail } from "#api/orders/order-reads.ts";
import { listRecentlyViewed } from "#api/recently-viewed/recently-viewed.service.ts";
import { shopperReturnDto } from "#api/returns/return-records.ts";
import { deleteReviews } from "#api/reviews/reviews.service.ts";
import { hashPassword, verifyPassword } from "#api/security/passwords.ts";
import { listWishlist } from "#api/wishlist/wishlist.service.ts";
import type { AccountDataDto, AccountErasureDto } from "#contract/dto/account.ts";
import type { OrderDetailDto } from "#contract/dto/order.ts";
import { MSG } from "#contract/messages.ts";
import { erasedEmail } from "./erased-address.ts";

/**
 * The shopper's rights over their data (decision 0057): a copy of everything the shop keeps about them, and the
 * erasure of their account. The storefront's profile and the operator's `customer:*` commands share these.
 */

/** Everything the shop keeps about the shopper, as one document; undefined when there is no such account. */
export async function exportAccountData(db: Db, clock: Clock, userId: number): Promise<AccountDataDto | undefined> {
  const user = await db.kysely
    .selectFrom("users")
    .select(["name", "email", "email_verified", "created_at"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const orderIds = await db.kysely
    .selectFrom("orders")
    .select("id")
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const returnRows = await db.kysely
    .selectFrom("returns")
    .selectAll("returns")
    .innerJoin("orders", "orders.id", "returns.order_id")
    .where("orders.user_id", "=", userId)
    .orderBy("returns.id")
    .execute();
  const [addresses, orders, returns, reviews, wishlist, recentlyViewed, newsletter] = await Promise.all([
    listAddresses(db, userId),
    Promise.all(orderIds.map(async ({ id }) => (await userOrderDetail(db.kysely, userId, id)) as OrderDetailDto)),
    Promise.all(returnRows.map((row) => shopperReturnDto(db.kysely, row))),
    db.kysely
      .selectFrom("reviews")
      .innerJoin("products", "products.id", "reviews.product_id")
      .select([
        "reviews.id",
        "reviews.product_id",
        "products.name as product_name",
        "reviews.order_id",
        "reviews.rating",
        "reviews.comment",
        "reviews.created_at",
        "reviews.updated_at",
        "reviews.hidden_at",
      ])
      .where("reviews.user_id", "=", userId)
      .orderBy("reviews.id")
      .execute(),
    listWishlist(db, userId),
    listRecentlyViewed(db, userId),
    db.kysely.selectFrom("subscriptions").select(["created_at", "unsubscribed_at"]).where("email", "=", user.email).executeTakeFirst(),
  ]);
  return {
    exported_at: isoNow(clock),
    account: { name: user.name, email: user.email, email_verified: Boolean(user.email_verified), created_at: user.created_at },
    addresses,
    orders,
    returns,
    reviews: reviews.map(({ hidden_at, ...review }) => ({ ...review, hidden: hidden_at !== null })),
    wishlist,
    recently_viewed: recentlyViewed,
    newsletter: newsletter
      ? {
          subscribed: newsletter.unsubscribed_at === null,
          subscribed_at: newsletter.created_at,
          unsubscribed_at: newsletter.unsubscribed_at,
        }
      : null,
  };
}

/**
 * Erases the account, in one transaction: every session ends; the addresses, wishlist, recently viewed, reviews
 * (taken out of their products' ratings), codes, newsletter row and queued e-mails go; the orders stay for the
 * accounts with their shipping name, address and phone replaced; the user row stays only as the orders' owner,
 * with no name, an `.invalid` e-mail (so the address can sign up again as a new account) and a password no one
 * knows. `audit` records an operator's erasure in the same transaction. Undefined when there is no such account.
 */
export async function eraseAccount(
  db: Db,
  clock: Clock,
  userId: number,
  audit?: { actor: AuditActor; action: string },
): Promise<AccountErasureDto | undefined> {
  const unusablePassword = await hashPassword(randomBytes(32).toString("hex"));
  // Nothing in it reaches outside the database, so a lost deadlock or a busy SQLite file simply runs it again.
  return transactionWithRetry(db, async (trx) => {
    const user = await trx.selectFrom("users").select(["email", "role"]).where("id", "=", userId).executeTakeFirst();
    if (!user) return undefined;
    if (user.role !== "shopper") throw forbidden(MSG.privacy.operatorAccount);
    const now = isoNow(clock);
    await trx.updateTable("auth_tokens").set({ revoked_at: now }).where("user_id", "=", userId).where("revoked_at", "is", null).execute();
    await trx.deleteFrom("addresses").where("user_id", "=", userId).execute();
    await trx.deleteFrom("wishlist_items").where("user_id", "=", userId).execute();
    await trx.deleteFrom("recently_viewed").where("user_id", "=", userId).execute();
    const reviewsRemoved = await deleteReviews(trx, userId);
    await trx.deleteFrom("subscriptions").where("email", "=", user.email).execute();
    await trx.deleteFrom("one_time_codes").where("email", "=", user.email).execute();
    await trx.deleteFrom("mail_outbox").where("recipient", "=", user.email).execute();
    const erased = MSG.privacy.erased;
    const orders = await trx
      .updateTable("orders")
      .set({
        ship_label: erased,
        ship_line1: erased,
        ship_line2: null,
        ship_city: erased,
        ship_postal_code: erased,
        ship_phone: erased,
        updated_at: now,
      })
      .where("user_id", "=", userId)
      .executeTakeFirst();
    await trx
      .updateTable("users")
      .set({ name: "", email: erasedEmail(userId), password_hash: unusablePassword, email_verified: 0, updated_at: now })
      .where("id", "=", userId)
      .execute();
    // A claim's note is what the shopper told the shop (on the phone, in a message): theirs, so it goes too.
    await trx
      .updateTable("returns")
      .set({ note: null, updated_at: now })
      .where("order_id", "in", (eb) => eb.selectFrom("orders").select("id").where("user_id", "=", userId))
      .execute();
    const result = { orders_kept: Number(orders.numUpdatedRows), reviews_removed: reviewsRemoved };
    if (audit) {
      const entry: AuditEntry = { action: audit.action, subject: `user:${userId}`, before: null, after: result };
      await recordAudit(trx, clock, audit.actor, entry);
    }
    return result;
  });
}

/** The account of `email` (as the shop stores it: trimmed, lower-cased), for the operator's commands. */
export async function accountIdByEmail(db: Db, email: string): Promise<number | undefined> {
  const user = await db.kysely.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
  return user?.id;
}

/** An operator's export of a shopper's data on request, recorded in the audit log (what went out, not its content). */
export async function exportAccountDataAudited(db: Db, clock: Clock, userId: number, actor: AuditActor, action: string) {
  const exported = await exportAccountData(db, clock, userId);
  if (!exported) return undefined;
  await db.kysely
    .transaction()
    .execute((trx) =>
      recordAudit(trx, clock, actor, { action, subject: `user:${userId}`, before: null, after: { orders: exported.orders.length } }),
    );
  return exported;
}

/** The shopper's own erasure, after the password again: a wrong one is the password field's error and changes nothing. */
export async function deleteOwnAccount(db: Db, clock: Clock, userId: number, password: string): Promise<AccountErasureDto> {
  const user = await db.kysely.selectFrom("users").select("password_hash").where("id", "=", userId).executeTakeFirst();
  if (!(await verifyPassword(user?.password_hash, password))) {
    throw validationError(MSG.privacy.wrongPassword, [{ path: "password", message: MSG.privacy.wrongPassword }]);
  }
  // The row was just read and erasure never deletes a user row, so it is there.
  return (await eraseAccount(db, clock, userId)) as AccountErasureDto;
}
