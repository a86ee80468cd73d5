import { once } from "node:events";
import { createServer, type Socket } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FreshApi, freshApi, TEST_SHOP_ORDERS_EMAIL, TEST_SHOP_URL } from "#api/testing/harness.ts";
import { type Mailer, memoryMailer, smtpMailer } from "./mailer.ts";
import { deliverDueMail, enqueueMail, mailOutbox, type OutboxDeps, RETRY_DELAYS_MS, SHOP_ORDERS_INBOX } from "./outbox.ts";
import { CLAIM_MS, SEND_DEADLINE_MS, SMTP_TIMEOUTS_MS } from "./timing.ts";

let api: FreshApi;
beforeEach(async () => {
  api = await freshApi();
});
afterEach(() => api.close());

const senderWith = (mailer: Mailer): OutboxDeps => ({
  db: api.db,
  clock: api.clock,
  mailer,
  logger: api.logger,
  shopUrl: TEST_SHOP_URL,
  shopOrdersEmail: TEST_SHOP_ORDERS_EMAIL,
  sentRetentionDays: 30,
});

const cancelled = (orderCode: string) => ({
  key: `order-cancelled:${orderCode}`,
  template: "orderCancelled" as const,
  data: { name: "Amira", orderCode },
});

const enqueue = (orderCode: string, to = "amira@example.com") =>
  api.db.kysely.transaction().execute((trx) => enqueueMail(trx, api.clock, { ...cancelled(orderCode), to }));

const rows = () => api.db.kysely.selectFrom("mail_outbox").selectAll().orderBy("id").execute();

/** A mailer whose sends fail while `failing` says so. */
function flakyMailer(failing: () => boolean) {
  const inner = memoryMailer();
  const mailer: Mailer & { sent: typeof inner.sent } = {
    sent: inner.sent,
    async send(template, to, data) {
      if (failing()) throw new Error("421 mail server busy");
      await inner.send(template, to, data);
    },
  };
  return mailer;
}

describe("the mail outbox", () => {
  it("deletes sent rows once they are older than the retention, and keeps pending and failed ones", async () => {
    const mailer = flakyMailer(() => false);
    await enqueue("MN-SENT-OLD1");
    await deliverDueMail(senderWith(mailer));
    const failing = flakyMailer(() => true);
    await enqueue("MN-NOT-SENT");
    await deliverDueMail(senderWith(failing));
    api.clock.advance(29 * 24 * 60 * 60 * 1000);
    await deliverDueMail(senderWith(failing));
    expect((await rows()).map((row) => row.dedupe_key)).toEqual(["order-cancelled:MN-SENT-OLD1", "order-cancelled:MN-NOT-SENT"]);
    api.clock.advance(2 * 24 * 60 * 60 * 1000);
    await deliverDueMail(senderWith(failing));
    expect((await rows()).map((row) => [row.dedupe_key, row.status])).toEqual([["order-cancelled:MN-NOT-SENT", "pending"]]);
  });

  it("keeps a mail only when the transaction that enqueued it commits", async () => {
    await expect(
      api.db.kysely.transaction().execute(async (trx) => {
        await enqueueMail(trx, api.clock, { ...cancelled("MN-ROLL-BACK"), to: "amira@example.com" });
        throw new Error("the change is refused");
      }),
    ).rejects.toThrow("the change is refused");
    await enqueue("MN-KEPT-MAIL");
    expect(await deliverDueMail(senderWith(api.mailer))).toEqual({ sent: 1, failed: 0 });
    expect(api.mailer.sent.map((mail) => mail.data.orderCode)).toEqual(["MN-KEPT-MAIL"]);
  });

  it("enqueues a key once and sends it once", async () => {
    await enqueue("MN-SAME-SAME");
    await enqueue("MN-SAME-SAME");
    await deliverDueMail(senderWith(api.mailer));
    await deliverDueMail(senderWith(api.mailer));
    expect(api.mailer.sent).toHaveLength(1);
    expect(await rows()).toMatchObject([{ status: "sent", attempts: 1, claimed_by: null, sent_at: api.clock.now().toISOString() }]);
  });

  it("sends each mail once when two senders run at the same time", async () => {
    const codes = Array.from({ length: 6 }, (_, index) => `MN-PAIR-000${index}`);
    for (const code of codes) await enqueue(code);
    const first = memoryMailer();
    const second = memoryMailer();
    const reports = await Promise.all([deliverDueMail(senderWith(first)), deliverDueMail(senderWith(second))]);
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(codes.length);
    const sent = [...first.sent, ...second.sent].map((mail) => mail.data.orderCode).sort();
    expect(sent).toEqual(codes);
  });

  it("retries a failed send after its delay, and marks it failed after the last", async () => {
    let failing = true;
    const mailer = flakyMailer(() => failing);
    await enqueue("MN-TRY-AGAIN");
    expect(await deliverDueMail(senderWith(mailer))).toEqual({ sent: 0, failed: 1 });
    expect(await rows()).toMatchObject([{ status: "pending", attempts: 1, last_error: "421 mail server busy", claimed_by: null }]);
    expect(await deliverDueMail(senderWith(mailer))).toEqual({ sent: 0, failed: 0 });
    api.clock.advance(RETRY_DELAYS_MS[0]);
    failing = false;
    expect(await deliverDueMail(senderWith(mailer))).toEqual({ sent: 1, failed: 0 });
    expect(mailer.sent).toHaveLength(1);

    failing = true;
    await enqueue("MN-NEVER-GOES");
    for (const delay of RETRY_DELAYS_MS) {
      await deliverDueMail(senderWith(mailer));
      api.clock.advance(delay);
    }
    expect(await deliverDueMail(senderWith(mailer))).toEqual({ sent: 0, failed: 1 });
    expect((await rows()).at(-1)).toMatchObject({ status: "failed", attempts: RETRY_DELAYS_MS.length + 1 });
    api.clock.advance(24 * 60 * 60_000);
    expect(await deliverDueMail(senderWith(mailer))).toEqual({ sent: 0, failed: 0 });
  });

  it("sends a mail a dead sender had claimed once its claim expires", async () => {
    await enqueue("MN-LEFT-OVER");
    await api.db.kysely
      .updateTable("mail_outbox")
      .set({ claimed_by: "a process that died", claim_expires_at: new Date(api.clock.now().getTime() + CLAIM_MS).toISOString() })
      .execute();
    expect(await deliverDueMail(senderWith(api.mailer))).toEqual({ sent: 0, failed: 0 });
    api.clock.advance(CLAIM_MS);
    expect(await deliverDueMail(senderWith(api.mailer))).toEqual({ sent: 1, failed: 0 });
  });

  it("holds a claim for minutes, longer than any send may take", () => {
    expect(Math.max(...Object.values(SMTP_TIMEOUTS_MS))).toBeLessThan(SEND_DEADLINE_MS);
    expect(SEND_DEADLINE_MS).toBeLessThan(CLAIM_MS);
    expect(CLAIM_MS).toBeLessThanOrEqual(5 * 60_000);
  });

  it("leaves a mail to the live sender sending it, however long that send takes", async () => {
    await enqueue("MN-SLOW-SEND");
    const { promise: handedOver, resolve: handOver } = Promise.withResolvers<void>();
    const { promise: answered, resolve: answer } = Promise.withResolvers<void>();
    const slow = memoryMailer();
    const slowMailer: Mailer = {
      async send(template, to, data) {
        handOver();
        await answered;
        await slow.send(template, to, data);
      },
    };
    const sending = deliverDueMail(senderWith(slowMailer));
    await handedOver;
    api.clock.advance(SEND_DEADLINE_MS);
    const other = memoryMailer();
    expect(await deliverDueMail(senderWith(other))).toEqual({ sent: 0, failed: 0 });
    answer();
    expect(await sending).toEqual({ sent: 1, failed: 0 });
    expect([slow.sent.length, other.sent.length]).toEqual([1, 0]);
  });

  it("aborts an SMTP send at its deadline when the server never answers", async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    silent.listen(0, "127.0.0.1");
    await once(silent, "listening");
    const { port } = silent.address() as { port: number };
    // Every step's timeout far beyond the test's bound: only the deadline can end this send.
    const patient = { dnsTimeout: 60_000, connectionTimeout: 60_000, greetingTimeout: 60_000, socketTimeout: 60_000 } as const;
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}/?ignoreTLS=true`, "shop@shop.test", { timeouts: patient, deadlineMs: 200 });
    try {
      await expect(
        mailer.send("orderCancelled", "amira@example.com", { ...cancelled("MN-NO-ANSWER").data, shopUrl: TEST_SHOP_URL }),
      ).rejects.toMatchObject({
        name: "AbortError",
      });
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });

  it("sends what an earlier process left as soon as a sender starts", async () => {
    await enqueue("MN-LEFT-BEHIND");
    const outbox = mailOutbox(senderWith(api.mailer));
    outbox.start();
    await outbox.stop();
    expect(api.mailer.sent.map((mail) => mail.data.orderCode)).toEqual(["MN-LEFT-BEHIND"]);
  });

  it("delivers the shop's own mail to SHOP_ORDERS_EMAIL", async () => {
    await enqueue("MN-FOR-SHOP", SHOP_ORDERS_INBOX);
    await deliverDueMail(senderWith(api.mailer));
    expect(api.mailer.sent[0]?.to).toBe(TEST_SHOP_ORDERS_EMAIL);
  });
});
