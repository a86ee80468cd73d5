import { randomUUID } from "node:crypto";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { sqliteFileOf } from "#api/db/connect.ts";
import { checkoutCatalogue, NOTHING_TO_SETTLE, pay, paymentRequest, shopperWithAddress } from "#api/testing/checkout.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { MSG } from "#contract/messages.ts";
import { listPendingPayments, STUCK_ATTEMPT_AGE_MS, settleStuckPayments } from "./payment-recovery.ts";

/**
 * What happens after the money is taken when the order's confirmation fails: the provider has captured the
 * payment, and then a lock wait runs out, a connection is killed, or the process stops. Whatever failed, the
 * attempt stays processing and the recovery pass confirms the order, once, with its e-mails.
 */

const pgAdminUrl = process.env.TEST_PG_ADMIN_URL || undefined;

let api: FreshApi;
afterEach(() => api.close());

/** A lock on `table` from another connection, as a long transaction elsewhere would hold it. */
interface HeldLock {
  release(): Promise<void>;
}

async function lockTable(api: FreshApi, table: "mail_outbox" | "product_variants"): Promise<HeldLock> {
  if (api.db.dialect === "postgres") {
    const client = new pg.Client({ connectionString: api.databaseUrl });
    await client.connect();
    await client.query("BEGIN");
    await client.query(`LOCK TABLE ${table} IN EXCLUSIVE MODE`);
    return {
      release: async () => {
        await client.query("ROLLBACK");
        await client.end();
      },
    };
  }
  // SQLite locks the whole file: the confirmation's transaction cannot begin while another connection writes.
  const other = new SQLite(sqliteFileOf(api.databaseUrl));
  other.exec("BEGIN IMMEDIATE");
  other.prepare(`DELETE FROM ${table} WHERE id < 0`).run();
  return {
    release: async () => {
      other.exec("ROLLBACK");
      other.close();
    },
  };
}

/** Pays for one scarf; `afterCapture` runs once the provider has taken the money, before the order is confirmed. */
async function payWithFault(afterCapture: () => Promise<void>) {
  const shop = await checkoutCatalogue(api);
  const shopper = await shopperWithAddress(api);
  const capture = api.gateway.capture;
  api.gateway.capture = async (reference, key) => {
    await capture(reference, key);
    api.gateway.capture = capture;
    await afterCapture();
  };
  const key = randomUUID();
  const answer = pay(
    api,
    shopper.token,
    paymentRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }]),
    key,
  );
  return { key, shopper, answer };
}

const orderState = async () => {
  const order = await api.db.kysely
    .selectFrom("orders as o")
    .innerJoin("payments as p", "p.order_id", "o.id")
    .select(["o.code", "o.status", "o.payment_status", "p.status as payment", "p.reference"])
    .executeTakeFirstOrThrow();
  const attempt = await api.db.kysely.selectFrom("payment_attempts").select("status").executeTakeFirstOrThrow();
  return { ...order, attempt: attempt.status };
};

const deps = () => ({ db: api.db, clock: api.clock, gateway: api.gateway, logger: api.logger, outbox: api.outbox });

/** The order left captured at the provider but unconfirmed is confirmed by the pass, once, with its two e-mails. */
async function expectRecoveredOnce(shopperEmail: string) {
  const left = await orderState();
  expect(left).toMatchObject({ status: "pending", payment_status: "authorised", payment: "authorised", attempt: "processing" });
  expect(api.gateway.captured.has(left.reference)).toBe(true);
  expect((await listPendingPayments(api.db)).orders.map((order) => order.code)).toEqual([left.code]);

  api.clock.advance(STUCK_ATTEMPT_AGE_MS + 1);
  expect(await settleStuckPayments(deps())).toMatchObject({ ran: true, settled: [{ outcome: "captured", orderCode: left.code }] });
  expect(await orderState()).toMatchObject({ status: "confirmed", payment_status: "paid", payment: "captured", attempt: "succeeded" });
  expect(await settleStuckPayments(deps())).toEqual(NOTHING_TO_SETTLE);
  await api.outbox.idle();
  expect(api.mailer.sent.map((mail) => [mail.template, mail.to])).toEqual([
    ["orderConfirmation", shopperEmail],
    ["newOrderNotice", expect.any(String)],
  ]);
}

describe("a payment whose order's confirmation fails after the capture", () => {
  it("a lock held on mail_outbox during the confirmation: answers 503, and the pass confirms the order once", async () => {
    api = await freshApi({ onDisk: true, failFast: true });
    // SQLite's wait for the write lock, shortened from the served 5 s so the test does not wait it out four times.
    if (api.db.dialect === "sqlite") await sql`pragma busy_timeout = 100`.execute(api.db.kysely);
    let lock: HeldLock | undefined;
    const { shopper, answer } = await payWithFault(async () => {
      lock = await lockTable(api, "mail_outbox");
    });
    const { status, body } = await answer;
    await lock?.release();
    expect(status).toBe(503);
    expect(body.error.code).toBe("SERVICE_UNAVAILABLE");
    await expectRecoveredOnce(shopper.user.email);
  });

  it("a lock wait that runs out before the order: the authorisation is released and the shopper told, in words, nothing was taken", async () => {
    api = await freshApi({ onDisk: true, failFast: true });
    if (api.db.dialect === "sqlite") await sql`pragma busy_timeout = 100`.execute(api.db.kysely);
    const shop = await checkoutCatalogue(api);
    const shopper = await shopperWithAddress(api);
    const authorise = api.gateway.authorise;
    let lock: HeldLock | undefined;
    api.gateway.authorise = async (request) => {
      api.gateway.authorise = authorise;
      lock = await lockTable(api, "product_variants");
      return authorise(request);
    };
    const key = randomUUID();
    const body = paymentRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }]);
    const first = await pay(api, shopper.token, body, key);
    await lock?.release();
    expect(first.status).toBe(503);
    expect(api.gateway.voided.size).toBe(1);
    // SQLite's lock is the whole file's, so the attempt itself could not be settled then: the pass settles it.
    if (api.db.dialect === "sqlite") {
      api.clock.advance(STUCK_ATTEMPT_AGE_MS + 1);
      expect(await settleStuckPayments(deps())).toMatchObject({ settled: [{ outcome: "failed" }] });
    }
    const attempt = await api.call("GET", `/payments/attempts/${key}`, { token: shopper.token });
    expect(attempt.body.data).toEqual({ status: "failed", order: null, message: MSG.payment.notCompleted });
    const again = await pay(api, shopper.token, body, key);
    expect(again).toMatchObject({ status: 503, body: { message: MSG.payment.notCompleted } });
  });

  it("the process stops after the capture: the pass confirms the order once", async () => {
    api = await freshApi();
    // The request goes no further, as if its process had been killed there; the provider keeps the money.
    const { shopper } = await payWithFault(() => new Promise<never>(() => {}));
    await expect.poll(async () => api.gateway.captured.size).toBe(1);
    await expectRecoveredOnce(shopper.user.email);
  });

  it("an order a release before this one left confirmed-but-pending (its attempt settled) is found and confirmed", async () => {
    api = await freshApi();
    const { shopper } = await payWithFault(() => new Promise<never>(() => {}));
    await expect.poll(async () => api.gateway.captured.size).toBe(1);
    // What the earlier code wrote: the attempt `succeeded` though its order was never confirmed.
    await api.db.kysely.updateTable("payment_attempts").set({ status: "succeeded" }).execute();
    const { code } = await orderState();
    api.clock.advance(STUCK_ATTEMPT_AGE_MS + 1);
    expect(await settleStuckPayments(deps())).toMatchObject({ settled: [], held: [{ orderCode: code, outcome: "captured" }] });
    expect(await orderState()).toMatchObject({ status: "confirmed", payment_status: "paid", payment: "captured" });
    expect(await settleStuckPayments(deps())).toMatchObject({ held: [] });
    await api.outbox.idle();
    expect(api.mailer.sent.filter((mail) => mail.to === shopper.user.email).map((mail) => mail.template)).toEqual(["orderConfirmation"]);
  });

  if (pgAdminUrl) {
    it("the confirmation's connection is killed while it waits: answers 503, and the pass confirms the order once", async () => {
      api = await freshApi({ failFast: true });
      const admin = new pg.Client({ connectionString: pgAdminUrl });
      await admin.connect();
      try {
        let lock: HeldLock | undefined;
        const { shopper, answer } = await payWithFault(async () => {
          lock = await lockTable(api, "mail_outbox");
          // The confirmation's backend, once it waits on the lock, is terminated as a failover or an operator would.
          void (async () => {
            const database = new URL(api.databaseUrl).pathname.slice(1);
            for (;;) {
              const { rows } = await admin.query(
                "SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'",
                [database],
              );
              if (rows.length > 0) return;
              await new Promise((resolve) => setTimeout(resolve, 20));
            }
          })();
        });
        const { status } = await answer;
        await lock?.release();
        expect(status).toBe(503);
        await expectRecoveredOnce(shopper.user.email);
      } finally {
        await admin.end();
      }
    });
  }
});
