import { describe, expect, it } from "vitest";
import { migrationsFor } from "./migrate.ts";
import { RELEASED_MIGRATIONS } from "./released-migrations.ts";

/**
 * What keeps a history every release can run on: the released list only grows at its end, in name order; every
 * released migration is still there under its name; and every migration is released. Answers one line per fault.
 */
function appendOnlyFaults(migrations: readonly string[], released: readonly string[]): string[] {
  const faults: string[] = [];
  released.forEach((name, index) => {
    const before = released[index - 1];
    if (before !== undefined && name <= before)
      faults.push(`${name} is listed after ${before} but does not sort after it: each name appended must sort after every name before it`);
    if (!migrations.includes(name)) faults.push(`released migration ${name} is gone: a shipped migration is never renamed or removed`);
  });
  const lastReleased = [...released].sort().at(-1) ?? "";
  for (const name of migrations.filter((migration) => !released.includes(migration)).sort()) {
    faults.push(
      name < lastReleased
        ? `${name} sorts before the released ${lastReleased}: name it with the time now (it has not shipped), then append it to RELEASED_MIGRATIONS`
        : `${name} is not in RELEASED_MIGRATIONS: append it there`,
    );
  }
  return faults;
}

describe("migrations only append", () => {
  it("holds this release's migrations to the released list", () => {
    expect(appendOnlyFaults(Object.keys(migrationsFor({ dialect: "sqlite" })), RELEASED_MIGRATIONS)).toEqual([]);
    expect(Object.keys(migrationsFor({ dialect: "postgres" }))).toEqual(Object.keys(migrationsFor({ dialect: "sqlite" })));
  });

  const released = ["20261126120000_moderation", "20261126130000_mail_outbox"];

  it("accepts a new migration appended after the released ones", () => {
    const added = "20261201090000_gift_wrapping";
    expect(appendOnlyFaults([...released, added], [...released, added])).toEqual([]);
  });

  it("refuses a new migration dated before a released one, listed or not", () => {
    const early = "20261126125000_gift_wrapping";
    expect(appendOnlyFaults([...released, early], released)).toEqual([
      `${early} sorts before the released 20261126130000_mail_outbox: name it with the time now (it has not shipped), then append it to RELEASED_MIGRATIONS`,
    ]);
    expect(appendOnlyFaults([...released, early], [...released, early])).toEqual([
      `${early} is listed after 20261126130000_mail_outbox but does not sort after it: each name appended must sort after every name before it`,
    ]);
  });

  it("refuses a released migration renamed or removed", () => {
    const renamed = "20261126130000_mail_log";
    expect(appendOnlyFaults(["20261126120000_moderation", renamed], released)).toEqual([
      "released migration 20261126130000_mail_outbox is gone: a shipped migration is never renamed or removed",
      `${renamed} sorts before the released 20261126130000_mail_outbox: name it with the time now (it has not shipped), then append it to RELEASED_MIGRATIONS`,
    ]);
  });

  it("asks for a new migration to be listed", () => {
    expect(appendOnlyFaults([...released, "20261201090000_gift_wrapping"], released)).toEqual([
      "20261201090000_gift_wrapping is not in RELEASED_MIGRATIONS: append it there",
    ]);
  });
});
