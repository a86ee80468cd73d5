import { type Clock, isoNow } from "#api/core/clock.ts";
import type { Db } from "#api/db/connect.ts";

/**
 * Adds the address to the newsletter list. Signing up twice is not an error: the answer only says
 * whether it was already there (the list is not secret, so telling does not leak anything that matters).
 */
export async function subscribe(db: Db, clock: Clock, email: string): Promise<{ alreadySubscribed: boolean }> {
  // ON CONFLICT DO NOTHING: two simultaneous sign-ups for one address cannot both insert, and neither fails.
  const inserted = await db.kysely
    .insertInto("subscriptions")
    .values({ email, created_at: isoNow(clock) })
    .onConflict((conflict) => conflict.column("email").doNothing())
    .returning("id")
    .executeTakeFirst();
  return { alreadySubscribed: inserted === undefined };
}
