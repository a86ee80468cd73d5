import { describe, expect, it } from "vitest";
import { PG_POOL_MAX_DEFAULT } from "#contract/constants.ts";
import { InvalidSettingsError } from "#contract/settings.ts";
import { readBackendConfig } from "./config.ts";

const problemsOf = (env: NodeJS.ProcessEnv) => {
  try {
    readBackendConfig(env);
  } catch (error) {
    if (error instanceof InvalidSettingsError) return error.problems;
    throw error;
  }
  throw new Error("the settings were accepted");
};

describe("PG_POOL_MAX", () => {
  it("is a whole number of connections, 10 when unset", () => {
    expect(readBackendConfig({}).PG_POOL_MAX).toBe(PG_POOL_MAX_DEFAULT);
    expect(readBackendConfig({ PG_POOL_MAX: "25" }).PG_POOL_MAX).toBe(25);
  });

  it("refuses a value that is not a positive whole number, naming it", () => {
    for (const value of ["lots", "0", "-3", "2.5", "100000"]) {
      expect(
        problemsOf({ PG_POOL_MAX: value }).map((problem) => problem.variable),
        value,
      ).toEqual(["PG_POOL_MAX"]);
    }
  });
});

describe("DATABASE_URL", () => {
  it("takes PostgreSQL URLs, file: URLs, paths ending in .db or .sqlite, :memory: and nothing", () => {
    for (const url of [
      "postgres://shop:secret@db:5432/shop",
      "postgresql://shop@127.0.0.1/shop",
      "file:data/shop.db",
      "file:/var/lib/shop/shop",
      "data/shop.db",
      "/var/lib/shop/shop.sqlite",
      ":memory:",
      undefined,
    ]) {
      expect(readBackendConfig({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
    }
  });

  it("refuses every other form (a mistyped scheme would open a new, empty SQLite shop), never quoting the URL", () => {
    for (const url of [
      "postgress://shop:hunter2@db/shop",
      "mysql://shop:hunter2@db/shop",
      "postgress://shop:hunter2@db/shop.db",
      "shop",
      "data/",
    ]) {
      const problems = problemsOf({ DATABASE_URL: url });
      expect(problems, url).toEqual([{ variable: "DATABASE_URL", reason: expect.stringContaining("postgres://") }]);
      expect(JSON.stringify(problems)).not.toContain("hunter2");
    }
  });
});

describe("LOG_LEVEL", () => {
  it("is one of pino's levels or silent", () => {
    expect(readBackendConfig({ LOG_LEVEL: "debug" }).LOG_LEVEL).toBe("debug");
    expect(problemsOf({ LOG_LEVEL: "verbose" })).toEqual([{ variable: "LOG_LEVEL", reason: expect.stringContaining("silent") }]);
  });
});

describe("PAYMENT_GATEWAY", () => {
  it("is the test gateway unless told otherwise, and takes Stripe with both its keys", () => {
    expect(readBackendConfig({}).PAYMENT_GATEWAY).toBe("test");
    const stripe = readBackendConfig({ PAYMENT_GATEWAY: "stripe", STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" });
    expect(stripe).toMatchObject({ PAYMENT_GATEWAY: "stripe", STRIPE_API_URL: "https://api.stripe.com" });
  });

  it("refuses Stripe without its keys, naming each missing one, and keys or an API URL of the wrong shape", () => {
    expect(problemsOf({ PAYMENT_GATEWAY: "stripe" })).toEqual([
      { variable: "STRIPE_SECRET_KEY", reason: "is required when PAYMENT_GATEWAY=stripe" },
      { variable: "STRIPE_WEBHOOK_SECRET", reason: "is required when PAYMENT_GATEWAY=stripe" },
    ]);
    const wrong = problemsOf({
      PAYMENT_GATEWAY: "stripe",
      STRIPE_SECRET_KEY: "pk_live_public",
      STRIPE_WEBHOOK_SECRET: "secret",
      STRIPE_API_URL: "ftp://api.stripe.com",
    });
    expect(wrong.map((problem) => problem.variable)).toEqual(["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_URL"]);
    expect(problemsOf({ PAYMENT_GATEWAY: "paypal" }).map((problem) => problem.variable)).toEqual(["PAYMENT_GATEWAY"]);
  });
});
