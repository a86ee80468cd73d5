import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertCatalogue, insertOrder, insertUser } from "#api/catalogue/testing-fixtures.ts";
import { insertPromo } from "#api/testing/checkout.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { WATCHED_TABLES } from "./migrations/20261129000200_catalogue_generation_triggers.ts";

/**
 * The database raises the catalogue generation on every change to what public pages show, whichever code (or
 * operator at a SQL prompt) makes it: each write below is plain SQL, with none of the shop's own code around it.
 */
let api: FreshApi;
beforeEach(async () => {
  api = await freshApi();
});
afterEach(() => api.close());

const generation = async () =>
  Number((await api.db.kysely.selectFrom("catalogue_generation").select("generation").executeTakeFirstOrThrow()).generation);

/** Whether `write` raised the generation. */
async function raises(write: () => Promise<unknown>) {
  const before = await generation();
  await write();
  return (await generation()) > before;
}

/** Columns the database computes (PostgreSQL's search vector), which no statement writes. */
async function generatedColumns(table: string): Promise<string[]> {
  if (api.db.dialect !== "postgres") return [];
  const { rows } = await sql<{ column_name: string }>`SELECT column_name FROM information_schema.columns
    WHERE table_name = ${table} AND is_generated = 'ALWAYS'`.execute(api.db.kysely);
  return rows.map((row) => row.column_name);
}

/** One row in every watched table. */
async function rowInEveryTable() {
  await insertCatalogue(api.db);
  const product = (await api.db.kysely.selectFrom("products").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
  const userId = await insertUser(api.db);
  const orderId = await insertOrder(api.db, {
    userId,
    createdAt: "2026-11-02T00:00:00.000Z",
    status: "delivered",
    items: [{ productId: product, quantity: 1 }],
  });
  const now = "2026-11-03T00:00:00.000Z";
  await api.db.kysely
    .insertInto("reviews")
    .values({ user_id: userId, product_id: product, order_id: orderId, rating: 5, comment: "Lovely", created_at: now, updated_at: now })
    .execute();
  await api.db.kysely.insertInto("product_fits").values({ product_id: product, value: "Regular", position: 0 }).execute();
  await insertPromo(api, { code: "WATCHED10" });
  await api.db.kysely.insertInto("exchange_rates").values({ id: 1, rates: "{}", fetched_at: null, fresh_until: now }).execute();
  await api.db.kysely
    .insertInto("lookup_values")
    .values({ header_id: 1, value: "S", label: "Small", position: 1, status: "Active" })
    .execute();
  return product;
}

describe("the catalogue generation triggers", () => {
  it("raise it for a write to every watched column of every watched table, and not for the columns left out", async () => {
    await rowInEveryTable();
    const tables = await api.db.kysely.introspection.getTables();
    const unexpected: string[] = [];
    for (const [table, { unwatched }] of Object.entries(WATCHED_TABLES)) {
      const columns = tables.find((found) => found.name === table)?.columns.map((column) => column.name) ?? [];
      expect(columns.length, table).toBeGreaterThan(1);
      const { id } = await sql<{ id: number }>`SELECT id FROM ${sql.table(table)} ORDER BY id LIMIT 1`
        .execute(api.db.kysely)
        .then((r) => r.rows[0]);
      const generated = await generatedColumns(table);
      for (const column of columns.filter((name) => name !== "id" && !generated.includes(name))) {
        const raised = await raises(() =>
          sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${sql.ref(column)} WHERE id = ${id}`.execute(api.db.kysely),
        );
        if (raised === unwatched.includes(column)) unexpected.push(`${table}.${column}: ${raised ? "raised" : "did not raise"}`);
      }
    }
    expect(unexpected).toEqual([]);
  });

  it("raise it for rows added and removed", async () => {
    const product = await rowInEveryTable();
    expect(
      await raises(() => api.db.kysely.insertInto("product_fits").values({ product_id: product, value: "Petite", position: 1 }).execute()),
    ).toBe(true);
    expect(await raises(() => api.db.kysely.deleteFrom("product_fits").where("value", "=", "Petite").execute())).toBe(true);
    expect(await raises(() => api.db.kysely.deleteFrom("reviews").execute())).toBe(true);
  });

  it("leave it alone when the write rolls back, and for the view counter", async () => {
    await rowInEveryTable();
    expect(
      await raises(() =>
        api.db.kysely
          .transaction()
          .execute(async (trx) => {
            await trx.updateTable("products").set({ current_price_pence: 1 }).execute();
            throw new Error("refused");
          })
          .catch(() => undefined),
      ),
    ).toBe(false);
    expect(
      await raises(() =>
        api.db.kysely
          .updateTable("products")
          .set((eb) => ({ view_count: eb("view_count", "+", 1) }))
          .execute(),
      ),
    ).toBe(false);
  });
});
