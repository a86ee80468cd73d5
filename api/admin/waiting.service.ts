import type { Db } from "#api/db/connect.ts";
import { listPendingPayments } from "#api/payments/payment-recovery.ts";
import type { AdminWaitingDto } from "#contract/dto/admin-dashboard.ts";
import { toGbp } from "#contract/money.ts";

/** E-mails of each kind the page lists at most: the dashboard counts them all. */
const EMAILS_SHOWN = 100;

/**
 * What waits on someone, item by item, behind the dashboard's counts: the payments `payments:pending` lists (the
 * recovery pass settles them) and the outbox's e-mails failed for good or retrying after a failed attempt.
 */
export async function waitingItems(db: Db): Promise<AdminWaitingDto> {
  const pending = await listPendingPayments(db);
  const emails = db.kysely
    .selectFrom("mail_outbox")
    .select(["id", "template", "recipient", "status", "attempts", "last_error", "next_attempt_at", "created_at"])
    .orderBy("id", "desc")
    .limit(EMAILS_SHOWN);
  const [failed, retrying] = await Promise.all([
    emails.where("status", "=", "failed").execute(),
    emails.where("status", "=", "pending").where("attempts", ">", 0).execute(),
  ]);
  return {
    payments: {
      attempts: pending.attempts.map((row) => ({
        id: row.id,
        email: row.email,
        method: row.method,
        amount: row.amount_pence === null ? null : toGbp(row.amount_pence),
        order_code: row.order_code,
        since: row.created_at,
      })),
      authorised_orders: pending.orders.map((row) => ({
        order_code: row.code,
        email: row.email,
        amount: toGbp(row.total_pence),
        since: row.created_at,
      })),
      open_checkouts: pending.checkouts.map((row) => ({
        order_code: row.code,
        email: row.email,
        amount: toGbp(row.amount_pence),
        since: row.created_at,
        expires_at: row.expires_at,
      })),
      refunds_owed: pending.refunds.map((row) => ({
        order_code: row.code,
        email: row.email,
        amount: toGbp(row.amount_pence),
        since: row.updated_at,
      })),
      pending_refunds: pending.pendingRefunds.map((row) => ({
        order_code: row.code,
        return_code: row.return_code,
        email: row.email,
        amount: toGbp(row.amount_pence),
        since: row.created_at,
        last_error: row.last_error,
      })),
    },
    emails: [
      ...failed.map((row) => ({ ...row, status: "failed" as const, next_attempt_at: null })),
      ...retrying.map((row) => ({ ...row, status: "retrying" as const })),
    ],
  };
}
