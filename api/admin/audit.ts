import type { Kysely } from "kysely";
import { type Clock, isoNow } from "#api/core/clock.ts";
import type { AuthUser } from "#api/core/env.ts";
import type { Database } from "#api/db/schema.ts";

/** One operator action as the audit log keeps it: the state of its subject before and after (null when none). */
export interface AuditEntry {
  action: string;
  subject: string;
  before: unknown;
  after: unknown;
}

/** Who acted: an operator's account, or (id null) the operator CLI, named by the system user who ran it. */
export type AuditActor = Pick<AuthUser, "email"> & { id: number | null };

/**
 * Writes an operator action to `audit_log`, in the transaction that makes the change, so the log holds exactly the
 * changes that were committed.
 */
export async function recordAudit(trx: Kysely<Database>, clock: Clock, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto("audit_log")
    .values({
      actor_user_id: actor.id,
      actor_email: actor.email,
      action: entry.action,
      subject: entry.subject,
      before_json: entry.before === null ? null : JSON.stringify(entry.before),
      after_json: entry.after === null ? null : JSON.stringify(entry.after),
      created_at: isoNow(clock),
    })
    .execute();
}
