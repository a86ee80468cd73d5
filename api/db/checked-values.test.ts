import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertCatalogue, insertOrder, insertUser } from "#api/catalogue/testing-fixtures.ts";
import { emptyDatabase } from "#api/testing/harness.ts";
import { PAYMENT_METHODS, PAYMENT_STATUSES } from "#contract/checkout.ts";
import type { Db } from "./connect.ts";
import { migrateToLatest } from "./migrate.ts";

/** Migration 20261128213841: the values the code assumes are the only ones the database takes, on both databases. */
let db: Db;
let drop: () => Promise<void>;
let orderId: number;
beforeEach(async () => {
  ({ db, drop } = await emptyDatabase(1));
  await migrateToLatest(db);
  const { products } = await insertCatalogue(db);
  orderId = await insertOrder(db, {
    userId: await insertUser(db),
    createdAt: "2026-11-20T10:00:00.000Z",
    status: "confirmed",
    items: [{ productId: products.linenDress, quantity: 1 }],
  });
});
afterEach(() => drop());

const refused = /check constraint|constraint failed|violates check/i;
const setOrder = (values: { payment_status?: string; payment_method?: string }) =>
  db.kysely.updateTable("orders").set(values).where("id", "=", orderId).execute();
const addPayment = (status: string) =>
  db.kysely
    .insertInto("payments")
    .values({
      order_id: orderId,
      gateway: "test",
      method: "credit_card",
      status,
      amount_pence: 500,
      reference: `ref-${status}`,
      card_last4: null,
      created_at: "2026-11-20T10:00:00.000Z",
    })
    .execute();
const addPromo = (promo: { discount_type: "percentage" | "fixed"; discount_value: number; starts_at?: string; ends_at?: string }) =>
  db.kysely
    .insertInto("promo_codes")
    .values({
      code: `P${promo.discount_value}${promo.starts_at ?? ""}`.replace(/\W/g, ""),
      description: "test",
      min_basket_pence: 0,
      first_purchase_only: 0,
      active: 1,
      starts_at: promo.starts_at ?? null,
      ends_at: promo.ends_at ?? null,
      ...promo,
    })
    .execute();

describe("the database refuses values the code never writes", () => {
  it("takes every order payment status and method the contract names, and refuses others on insert and update", async () => {
    for (const payment_status of PAYMENT_STATUSES) await setOrder({ payment_status });
    for (const payment_method of PAYMENT_METHODS) await setOrder({ payment_method });
    await expect(setOrder({ payment_status: "settled" })).rejects.toThrow(refused);
    await expect(setOrder({ payment_method: "card" })).rejects.toThrow(refused);
    const order = await db.kysely.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
    const { id: _, ...copy } = order;
    await expect(
      db.kysely
        .insertInto("orders")
        .values({ ...copy, code: "X-1", idempotency_key: "x-1", payment_method: "cash" })
        .execute(),
    ).rejects.toThrow(refused);
  });

  it("takes a payment's known states and refuses another", async () => {
    for (const status of ["open", "authorised", "captured", "refunded", "voided", "expired"]) await addPayment(status);
    await expect(addPayment("pending")).rejects.toThrow(refused);
    await expect(db.kysely.updateTable("payments").set({ status: "lost" }).where("order_id", "=", orderId).execute()).rejects.toThrow(
      refused,
    );
  });

  it("refuses a percentage promo over 100 and a promo that ends before it starts", async () => {
    await addPromo({
      discount_type: "percentage",
      discount_value: 100,
      starts_at: "2026-11-01T00:00:00.000Z",
      ends_at: "2026-12-01T00:00:00.000Z",
    });
    await addPromo({ discount_type: "fixed", discount_value: 15000 });
    await expect(addPromo({ discount_type: "percentage", discount_value: 101 })).rejects.toThrow(refused);
    await expect(
      addPromo({ discount_type: "fixed", discount_value: 500, starts_at: "2026-12-01T00:00:00.000Z", ends_at: "2026-11-01T00:00:00.000Z" }),
    ).rejects.toThrow(refused);
    await expect(
      db.kysely.updateTable("promo_codes").set({ discount_value: 150 }).where("discount_type", "=", "percentage").execute(),
    ).rejects.toThrow(refused);
  });
});
