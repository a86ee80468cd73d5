import { isoNow } from "#api/core/clock.ts";
import type { ApiDeps } from "#api/core/env.ts";
import { sendInBackground } from "#api/mail/mailer.ts";
import type { ContactInput } from "#contract/schemas/contact.ts";
import { SHOP } from "#contract/shop.ts";

/**
 * Keeps the message and forwards it to the shop's inbox. The sender gets no automatic reply:
 * an open form that mails any address it is given would let anyone use the shop to send mail.
 */
export async function receiveContactMessage(deps: ApiDeps, input: ContactInput): Promise<{ id: number }> {
  const { id } = await deps.db.kysely
    .insertInto("contact_messages")
    .values({
      first_name: input.firstName,
      last_name: input.lastName,
      email: input.email,
      phone: input.phone ?? null,
      order_number: input.orderNumber ?? null,
      subject: input.subject,
      message: input.message,
      created_at: isoNow(deps.clock),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  sendInBackground(deps, "contactMessage", SHOP.email, { id, ...input });
  return { id };
}
