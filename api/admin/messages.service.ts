import { type Clock, isoNow } from "#api/core/clock.ts";
import type { AuthUser } from "#api/core/env.ts";
import { paginate } from "#api/core/envelope.ts";
import { conflict, notFound } from "#api/core/errors.ts";
import type { Db, Queryable } from "#api/db/connect.ts";
import { ADMIN_CATALOGUE } from "#contract/constants.ts";
import type { ContactMessageDto } from "#contract/dto/admin-catalogue.ts";
import { MSG } from "#contract/messages.ts";
import { recordAudit } from "./audit.ts";

const messageRows = (db: Queryable) =>
  db
    .selectFrom("contact_messages")
    .leftJoin("users", "users.id", "contact_messages.handled_by")
    .select([
      "contact_messages.id",
      "contact_messages.first_name",
      "contact_messages.last_name",
      "contact_messages.email",
      "contact_messages.phone",
      "contact_messages.order_number",
      "contact_messages.subject",
      "contact_messages.message",
      "contact_messages.created_at",
      "contact_messages.handled_at",
      "users.email as handled_by",
    ]);

/** One page of contact messages, newest first. */
export async function contactMessages(db: Db, page: number) {
  const limit = ADMIN_CATALOGUE.pageSize;
  const [messages, total] = await Promise.all([
    messageRows(db.kysely)
      .orderBy("contact_messages.created_at", "desc")
      .orderBy("contact_messages.id", "desc")
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db.kysely
      .selectFrom("contact_messages")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  return { messages: messages satisfies ContactMessageDto[], pagination: paginate(Number(total.count), page, limit) };
}

/** Marks a message handled by the operator, audited in the same transaction; 404 for none, 409 when already handled. */
export async function markMessageHandled(
  db: Db,
  clock: Clock,
  actor: Pick<AuthUser, "id" | "email">,
  id: number,
): Promise<ContactMessageDto> {
  return db.kysely.transaction().execute(async (trx) => {
    const now = isoNow(clock);
    // One conditional update: of two operators marking at once, exactly one succeeds.
    const updated = await trx
      .updateTable("contact_messages")
      .set({ handled_at: now, handled_by: actor.id })
      .where("id", "=", id)
      .where("handled_at", "is", null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      const exists = await trx.selectFrom("contact_messages").select("id").where("id", "=", id).executeTakeFirst();
      throw exists ? conflict(MSG.adminCatalogue.messageAlreadyHandled) : notFound(MSG.adminCatalogue.messageNotFound);
    }
    await recordAudit(trx, clock, actor, {
      action: "message.handled",
      subject: `message ${id}`,
      before: { handled_at: null },
      after: { handled_at: now },
    });
    return messageRows(trx).where("contact_messages.id", "=", id).executeTakeFirstOrThrow();
  });
}
