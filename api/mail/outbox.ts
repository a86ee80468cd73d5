import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { type Clock, isoIn, isoNow } from "#api/core/clock.ts";
import { emailDigest } from "#api/core/logging.ts";
import { recordMailDeliveries } from "#api/core/metrics.ts";
import type { Db } from "#api/db/connect.ts";
import type { Database } from "#api/db/schema.ts";
import type { Mailer } from "./mailer.ts";
import type { MailData, TemplateName } from "./templates.ts";
import { CLAIM_MS } from "./timing.ts";

/**
 * The durable outbox (decision 0040). A change that promises an e-mail writes it here in its own transaction
 * (`enqueueMail`), so the mail exists exactly when the change committed; a sender then claims each due row,
 * sends it and marks it sent. Two senders never send one row: a claim is a conditional update only one wins. A
 * failure is counted and retried later (RETRY_DELAYS_MS); a row whose sender died mid-send is claimed again once
 * its claim expires (CLAIM_MS, longer than any send may take: ./timing.ts). The one window left: the mail server
 * accepted a message and the process died before the row was marked sent; that message goes again after CLAIM_MS.
 * The mark is the very next statement, so the window is one round trip to the database.
 */

/** How often every process looks for due mail (rows retried, or left by a process that died). */
export const OUTBOX_INTERVAL_MS = 30_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Sent rows deleted per delivery pass at most, so a first pass over a long history stays short. */
const PRUNE_BATCH = 1000;
/** After the nth failed attempt, wait RETRY_DELAYS_MS[n - 1]; after the last, the row is `failed` and logged. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 3 * 60 * 60_000, 12 * 60 * 60_000] as const;
const BATCH = 50;

/** The recipient of mail for the shop's own orders inbox, resolved to SHOP_ORDERS_EMAIL when it is sent. */
export const SHOP_ORDERS_INBOX = "shop:orders";

export interface OutboxMail<Name extends TemplateName> {
  /** What the mail is about, once (`order-shipped:42`): enqueueing a key again changes nothing. */
  key: string;
  template: Name;
  /** An address, or SHOP_ORDERS_INBOX. */
  to: string;
  /** As stored: the sender adds the shop's origin. */
  data: MailData<Name>;
}

/** Writes the mail in the caller's transaction: it is sent if and only if that transaction commits. */
export async function enqueueMail<Name extends TemplateName>(trx: Kysely<Database>, clock: Clock, mail: OutboxMail<Name>): Promise<void> {
  const now = isoNow(clock);
  await trx
    .insertInto("mail_outbox")
    .values({
      dedupe_key: mail.key,
      template: mail.template,
      recipient: mail.to,
      data_json: JSON.stringify(mail.data),
      next_attempt_at: now,
      created_at: now,
    })
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .execute();
}

export interface OutboxDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  /** The shop's public origin, for links in mail. */
  shopUrl: string;
  /** Where SHOP_ORDERS_INBOX mail goes. */
  shopOrdersEmail: string;
  /** MAIL_SENT_RETENTION_DAYS: how long a sent row is kept. */
  sentRetentionDays: number;
}

export interface DeliveryReport {
  sent: number;
  failed: number;
}

/**
 * Deletes rows sent longer ago than the retention, a batch per pass: the table answers "was it sent, and when?"
 * for a while, but does not keep every address and order it ever mailed. Pending and failed rows stay.
 */
export async function pruneSentMail(deps: Pick<OutboxDeps, "db" | "clock" | "sentRetentionDays">): Promise<number> {
  const before = isoIn(deps.clock, -deps.sentRetentionDays * DAY_MS);
  const result = await deps.db.kysely
    .deleteFrom("mail_outbox")
    .where("id", "in", (eb) =>
      eb.selectFrom("mail_outbox").select("id").where("status", "=", "sent").where("sent_at", "<", before).orderBy("id").limit(PRUNE_BATCH),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Sends every due row this sender can claim, oldest first; rows another sender holds are left to it. */
export async function deliverDueMail(deps: OutboxDeps): Promise<DeliveryReport> {
  await pruneSentMail(deps);
  const holder = randomUUID();
  const report: DeliveryReport = { sent: 0, failed: 0 };
  const tried = new Set<number>();
  for (;;) {
    const now = isoNow(deps.clock);
    const due = await deps.db.kysely
      .selectFrom("mail_outbox")
      .select("id")
      .where("status", "=", "pending")
      .where("next_attempt_at", "<=", now)
      .where((eb) => eb.or([eb("claim_expires_at", "is", null), eb("claim_expires_at", "<=", now)]))
      .orderBy("id")
      .limit(BATCH)
      .execute();
    const fresh = due.filter((row) => !tried.has(row.id));
    if (fresh.length === 0) return report;
    for (const { id } of fresh) {
      tried.add(id);
      const outcome = await deliverOne(deps, id, holder);
      if (outcome) report[outcome]++;
    }
  }
}

/** Claims one row and sends it; undefined when another sender had it. */
async function deliverOne(deps: OutboxDeps, id: number, holder: string): Promise<keyof DeliveryReport | undefined> {
  const { db, clock } = deps;
  const now = isoNow(clock);
  const claim = await db.kysely
    .updateTable("mail_outbox")
    .set({ claimed_by: holder, claim_expires_at: isoIn(clock, CLAIM_MS) })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .where((eb) => eb.or([eb("claim_expires_at", "is", null), eb("claim_expires_at", "<=", now)]))
    .executeTakeFirst();
  if (Number(claim.numUpdatedRows) === 0) return undefined;
  const row = await db.kysely.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const to = row.recipient === SHOP_ORDERS_INBOX ? deps.shopOrdersEmail : row.recipient;
  const mine = db.kysely.updateTable("mail_outbox").where("id", "=", id).where("claimed_by", "=", holder);
  try {
    const data = { ...JSON.parse(row.data_json), shopUrl: deps.shopUrl };
    await deps.mailer.send(row.template as TemplateName, to, data);
  } catch (error) {
    const attempts = row.attempts + 1;
    const delay = RETRY_DELAYS_MS[attempts - 1];
    const entry = { err: error, mailId: id, template: row.template, to: emailDigest(to), attempts };
    if (delay === undefined) deps.logger.error(entry, "mail delivery failed for the last time; the mail is marked failed");
    else deps.logger.warn(entry, "mail delivery failed; it is tried again later");
    await mine
      .set({
        status: delay === undefined ? "failed" : "pending",
        attempts,
        next_attempt_at: isoIn(clock, delay ?? 0),
        claimed_by: null,
        claim_expires_at: null,
        last_error: String(error instanceof Error ? error.message : error).slice(0, 500),
      })
      .execute();
    return "failed";
  }
  await mine
    .set({ status: "sent", sent_at: isoNow(clock), attempts: row.attempts + 1, claimed_by: null, claim_expires_at: null })
    .execute();
  return "sent";
}

/** The outbox as the API sees it: `kick` after a commit that enqueued mail, so it goes out at once. */
export interface MailOutbox {
  kick(): void;
  /** Resolves when no delivery pass is running (tests, and shutdown). */
  idle(): Promise<void>;
}

/**
 * A sender for this process: `kick` runs a pass now (or once more after the one under way); `start` also runs one
 * at once (rows an earlier process left) and every OUTBOX_INTERVAL_MS (an unref'd timer); `stop` ends the timer
 * and waits for a pass under way, so the database can close after it.
 */
export function mailOutbox(deps: OutboxDeps): MailOutbox & { start(): void; stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    do {
      again = false;
      await deliverDueMail(deps).then(recordMailDeliveries, (error: unknown) =>
        deps.logger.error({ err: error }, "the mail outbox pass failed"),
      );
    } while (again);
  };
  const kick = () => {
    if (running) {
      again = true;
      return;
    }
    running = run().finally(() => {
      running = undefined;
    });
  };
  const idle = async () => {
    while (running) await running;
  };
  return {
    kick,
    idle,
    start() {
      kick();
      timer = setInterval(kick, OUTBOX_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await idle();
    },
  };
}
