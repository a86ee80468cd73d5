import { afterEach, beforeEach, expect, it } from "vitest";
import type { Db } from "#api/db/connect.ts";
import { freshApi } from "#api/testing/harness.ts";
import { seedSyntheticProducts } from "./synthetic.ts";

let db: Db;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ db, close } = await freshApi());
});
afterEach(() => close());

const productCount = async () =>
  Number(
    (
      await db.kysely
        .selectFrom("products")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

it("fills an empty catalogue with the demo and synthetic products up to exactly the target", async () => {
  const added = await seedSyntheticProducts(db, 1_234, { batchSize: 500 });
  expect(await productCount()).toBe(1_234);
  const demoCount = 1_234 - added;
  expect(demoCount).toBeGreaterThanOrEqual(60);

  const mismatched = await db.kysely
    .selectFrom("products")
    .innerJoin("product_variants", "product_variants.product_id", "products.id")
    .select(["products.id"])
    .groupBy(["products.id", "products.stock_total"])
    .having((eb) => eb(eb.fn.sum("product_variants.stock"), "!=", eb.ref("products.stock_total")))
    .execute();
  expect(mismatched).toEqual([]);
});

it("tops up across runs without duplicate SKUs and never shrinks the catalogue", async () => {
  await seedSyntheticProducts(db, 300);
  expect(await seedSyntheticProducts(db, 650)).toBe(350);
  expect(await productCount()).toBe(650);
  expect(await seedSyntheticProducts(db, 100)).toBe(0);
  expect(await productCount()).toBe(650);
});
