import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { type Clock, isoNow } from "#api/core/clock.ts";
import type { Db } from "#api/db/connect.ts";
import type { Database } from "#api/db/schema.ts";
import { enqueueMail } from "#api/mail/outbox.ts";
import { firstPurchaseOffer } from "#api/promo/promo.service.ts";

/**
 * Adds the address to the newsletter list (single opt-in, decision 0041) and, in the same transaction, enqueues
 * the welcome e-mail with the first-purchase code that is live now and the one-click unsubscribe link. Signing up
 * twice is not an error: the answer only says whether it was already there (the list is not secret, so telling
 * does not leak anything that matters). An address that left the list joins it again with a new link, and its
 * consent time (`created_at`) becomes the time it joined again.
 */
export async function subscribe(db: Db, clock: Clock, email: string): Promise<{ alreadySubscribed: boolean }> {
  return db.kysely.transaction().execute(async (trx) => {
    const now = isoNow(clock);
    const token = randomBytes(16).toString("hex");
    // ON CONFLICT DO NOTHING: two simultaneous sign-ups for one address cannot both insert, and neither fails.
    const joined =
      (await trx
        .insertInto("subscriptions")
        .values({ email, created_at: now, unsubscribe_token: token })
        .onConflict((conflict) => conflict.column("email").doNothing())
        .returning("id")
        .executeTakeFirst()) ??
      (await trx
        .updateTable("subscriptions")
        .set({ unsubscribed_at: null, unsubscribe_token: token, created_at: now })
        .where("email", "=", email)
        .where("unsubscribed_at", "is not", null)
        .returning("id")
        .executeTakeFirst());
    if (!joined) return { alreadySubscribed: true };
    await enqueueMail(trx, clock, {
      key: `newsletter-welcome:${joined.id}:${token}`,
      template: "newsletterWelcome",
      to: email,
      data: { promo: await welcomePromo(trx, clock), unsubscribeToken: token },
    });
    return { alreadySubscribed: false };
  });
}

/** The welcome e-mail's code and its words: the live first-purchase offer, as the storefront's promise names it. */
async function welcomePromo(trx: Kysely<Database>, clock: Clock) {
  const offer = await firstPurchaseOffer(trx, clock);
  return offer && { code: offer.code, description: offer.description };
}

/** Takes the subscriber of `token` off the list; false when no subscriber has that token. Leaving twice is fine. */
export async function unsubscribe(db: Db, clock: Clock, token: string): Promise<boolean> {
  const subscriber = await db.kysely
    .selectFrom("subscriptions")
    .select(["id", "unsubscribed_at"])
    .where("unsubscribe_token", "=", token)
    .executeTakeFirst();
  if (!subscriber) return false;
  if (subscriber.unsubscribed_at === null) {
    await db.kysely
      .updateTable("subscriptions")
      .set({ unsubscribed_at: isoNow(clock) })
      .where("id", "=", subscriber.id)
      .execute();
  }
  return true;
}
