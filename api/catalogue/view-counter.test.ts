import type { KyselyPlugin, RootOperationNode } from "kysely";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshApi } from "#api/testing/harness.ts";
import { type Catalogue, insertCatalogue } from "./testing-fixtures.ts";
import { countProductView, writePendingViews } from "./view-counter.ts";

type Harness = Awaited<ReturnType<typeof freshApi>>;
const silent = pino({ level: "silent" });

describe("countProductView", () => {
  const shop = {} as Harness & { catalogue: Catalogue };
  beforeAll(async () => {
    const harness = await freshApi();
    Object.assign(shop, harness, { catalogue: await insertCatalogue(harness.db) });
  });
  afterAll(() => shop.close());

  const views = async (id: number) =>
    (await shop.db.kysely.selectFrom("products").select("view_count").where("id", "=", id).executeTakeFirstOrThrow()).view_count;

  it("gathers views in memory and writes them together, per product", async () => {
    const { linenDress, silkAbaya } = shop.catalogue.products;
    const [linenBefore, silkBefore] = [await views(linenDress), await views(silkAbaya)];
    await countProductView(shop.db, linenDress, 60_000, silent);
    await countProductView(shop.db, linenDress, 60_000, silent);
    await countProductView(shop.db, silkAbaya, 60_000, silent);
    expect(await views(linenDress)).toBe(linenBefore);
    await writePendingViews(shop.db);
    expect(await views(linenDress)).toBe(linenBefore + 2);
    expect(await views(silkAbaya)).toBe(silkBefore + 1);
    await writePendingViews(shop.db);
    expect(await views(linenDress)).toBe(linenBefore + 2);
  });

  it("writes the gathered views in product id order, the order the payment's transaction locks products in", async () => {
    const { linenDress, silkAbaya, denimJacket } = shop.catalogue.products;
    const updated: unknown[] = [];
    // Records the id each UPDATE of products names, in the order they reach the database.
    const recorder: KyselyPlugin = {
      transformQuery({ node }) {
        if (node.kind === "UpdateQueryNode")
          updated.push(shop.db.kysely.getExecutor().compileQuery(node as RootOperationNode, { queryId: "" }).parameters[1]);
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const recording = { ...shop.db, kysely: shop.db.kysely.withPlugin(recorder) };
    const viewed = [denimJacket, linenDress, silkAbaya, linenDress];
    for (const id of viewed) await countProductView(recording, id, 60_000, silent);
    await writePendingViews(recording);
    expect(updated).toEqual([...new Set(viewed)].sort((a, b) => a - b));
  });

  it("writes after the delay on its own", async () => {
    const { linenDress } = shop.catalogue.products;
    const before = await views(linenDress);
    await countProductView(shop.db, linenDress, 1, silent);
    await expect.poll(() => views(linenDress)).toBe(before + 1);
  });

  it("writes at once when the delay is 0", async () => {
    const { silkAbaya } = shop.catalogue.products;
    const before = await views(silkAbaya);
    await countProductView(shop.db, silkAbaya, 0, silent);
    expect(await views(silkAbaya)).toBe(before + 1);
  });
});
