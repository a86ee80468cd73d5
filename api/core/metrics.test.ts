import { afterEach, describe, expect, it } from "vitest";
import { isoNow } from "#api/core/clock.ts";
import { createSignedInUser } from "#api/testing/accounts.ts";
import { paymentCutOffBeforeOrder } from "#api/testing/checkout.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { observeDatabase, scrapeMetrics } from "./metrics.ts";

/** The value of the one sample of `family` with `labels` (`{state="max"}`), or undefined when there is none. */
const sample = (scrape: string, family: string, labels = "") =>
  scrape
    .split("\n")
    .find((line) => line.startsWith(`${family}${labels} `))
    ?.split(" ")[1];

describe("the database's figures in a scrape", () => {
  let api: FreshApi;
  let unobserve: () => void;
  afterEach(() => {
    unobserve();
    return api.close();
  });

  it("counts the outbox's backlog, retries and failures and the payments still processing", async () => {
    api = await freshApi();
    unobserve = observeDatabase(api.db);
    const now = isoNow(api.clock);
    const mail = (status: "pending" | "failed", attempts: number, key: string) => ({
      dedupe_key: key,
      template: "orderCancelled",
      recipient: "amira@example.com",
      data_json: "{}",
      status,
      attempts,
      next_attempt_at: "2999-01-01T00:00:00.000Z",
      created_at: now,
    });
    await api.db.kysely
      .insertInto("mail_outbox")
      .values([mail("pending", 0, "a"), mail("pending", 2, "b"), mail("pending", 1, "c"), mail("failed", 5, "d")])
      .execute();
    const { user } = await createSignedInUser(api);
    await paymentCutOffBeforeOrder(api, user.id, { authorised: false });

    const scrape = await scrapeMetrics();
    expect(sample(scrape, "shop_mail_outbox_messages", '{status="pending"}')).toBe("3");
    expect(sample(scrape, "shop_mail_outbox_messages", '{status="retrying"}')).toBe("2");
    expect(sample(scrape, "shop_mail_outbox_messages", '{status="failed"}')).toBe("1");
    expect(sample(scrape, "shop_payment_attempts_processing")).toBe("1");
    expect(Number(sample(scrape, "shop_payment_attempt_oldest_processing_seconds"))).toBeGreaterThanOrEqual(0);
  });

  it("gives PostgreSQL's pool by state, and SQLite, which has none, no sample", async () => {
    api = await freshApi();
    unobserve = observeDatabase(api.db);
    await api.db.kysely.selectFrom("users").select("id").execute();
    const scrape = await scrapeMetrics();
    if (api.db.dialect === "sqlite") {
      expect(sample(scrape, "shop_db_pool_connections", '{state="total"}')).toBeUndefined();
      return;
    }
    expect(Number(sample(scrape, "shop_db_pool_connections", '{state="max"}'))).toBeGreaterThan(0);
    expect(Number(sample(scrape, "shop_db_pool_connections", '{state="total"}'))).toBeGreaterThan(0);
    expect(sample(scrape, "shop_db_pool_connections", '{state="waiting"}')).toBe("0");
    expect(sample(scrape, "shop_db_pool_connections", '{state="idle"}')).toBeDefined();
  });
});
