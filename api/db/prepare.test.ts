import { afterEach, describe, expect, it } from "vitest";
import { emptyDatabase } from "../testing/harness.ts";
import { prepareDatabase } from "./prepare.ts";
import { CATEGORIES } from "./seed/catalogue-data.ts";

let drop: (() => Promise<void>) | undefined;
afterEach(() => drop?.());

describe("prepareDatabase", () => {
  it("lets several instances start at once on one empty database: one seeds, none fails, one catalogue", async () => {
    const database = await emptyDatabase(4);
    drop = database.drop;

    const outcomes = await Promise.all(database.connections.map((db) => prepareDatabase(db, { seedDemo: true })));

    expect(outcomes.filter((outcome) => outcome.seeded)).toHaveLength(1);
    const categories = await database.db.kysely.selectFrom("categories").select("name").execute();
    expect(categories).toHaveLength(CATEGORIES.length);
  });

  it("migrates without seeding when told not to seed", async () => {
    const database = await emptyDatabase(1);
    drop = database.drop;
    const { db } = database;

    expect(await prepareDatabase(db, { seedDemo: false })).toEqual({ seeded: false, newerMigrations: [] });
    expect(await db.kysely.selectFrom("categories").select("id").execute()).toEqual([]);
    expect(await prepareDatabase(db, { seedDemo: true })).toEqual({ seeded: true, newerMigrations: [] });
  });
});
