import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { hashPassword, needsRehash, verifyPassword } from "./passwords.ts";
import { hit, pruneRateLimits } from "./rate-limit.ts";

describe("passwords", () => {
  it("verifies argon2id hashes and refuses without a stored hash", async () => {
    const hash = await hashPassword("correct horse");
    expect(await verifyPassword(hash, "correct horse")).toBe(true);
    expect(await verifyPassword(hash, "correct horsE")).toBe(false);
    expect(await verifyPassword(undefined, "correct horse")).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });
});

describe("fixed-window rate limit", () => {
  let api: FreshApi;
  beforeEach(async () => {
    api = await freshApi();
  });
  afterEach(() => api.close());

  it("counts hits inside a window, starts a new window when it ends, and prunes ended windows", async () => {
    const limit = { hits: 2, windowMs: 60_000 };
    expect(await hit(api.db.kysely, api.clock, "k", limit)).toEqual({ allowed: true, retryAfterSeconds: 60 });
    api.clock.advance(20_000);
    expect(await hit(api.db.kysely, api.clock, "k", limit)).toEqual({ allowed: true, retryAfterSeconds: 40 });
    expect(await hit(api.db.kysely, api.clock, "k", limit)).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect((await hit(api.db.kysely, api.clock, "other", limit)).allowed).toBe(true);

    api.clock.advance(40_000);
    expect(await hit(api.db.kysely, api.clock, "k", limit)).toEqual({ allowed: true, retryAfterSeconds: 60 });
    api.clock.advance(60_000);
    await pruneRateLimits(api.db, api.clock);
    expect(await api.db.kysely.selectFrom("rate_limits").selectAll().execute()).toEqual([]);
  });
});
