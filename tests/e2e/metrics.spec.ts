import { createVerifiedAccount, uniqueEmail } from "./account-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { buyer, placeOrder, productFor } from "./order-helpers.ts";

/** The token the global setup started the shop with. */
function metricsToken(): string {
  const token = process.env.E2E_METRICS_TOKEN;
  if (!token) throw new Error("No metrics token: the global setup starts the server (not with E2E_BASE_URL set)");
  return token;
}

/** The samples of `family` in a scrape: one line each, its labels and value. */
const samplesOf = (scrape: string, family: string) =>
  scrape.split("\n").filter((line) => line.startsWith(`${family}{`) || line.startsWith(`${family} `));

test.describe("metrics", () => {
  test("a scrape after a few requests and a payment holds every family, counted by route pattern", async ({ request, inbox }, testInfo) => {
    const product = await productFor(request, testInfo.project.name === "js" ? 16 : 17);
    // A public page twice (the second from the page cache), a product page and an API read.
    for (const path of ["/products", "/products", `/product/${product.id}`, "/api/public/categories"]) {
      expect((await request.get(path)).status()).toBe(200);
    }
    const email = uniqueEmail(testInfo, "metrics");
    await createVerifiedAccount(request, inbox, email);
    const order = await placeOrder(request, await buyer(request, email), product);
    // The confirmation goes out after the payment's answer: its arrival, then the outbox pass's count of it.
    await inbox.text(email, order.order_code);
    const scrapeNow = async () => {
      const answer = await request.get("/metrics", { headers: { authorization: `Bearer ${metricsToken()}` } });
      expect(answer.status()).toBe(200);
      expect(answer.headers()["content-type"]).toContain("text/plain; version=0.0.4");
      return answer.text();
    };
    const sentCount = async () => Number(/shop_mail_deliveries_total\{result="sent"\} (\d+)/.exec(await scrapeNow())?.[1] ?? 0);
    await expect.poll(sentCount, { message: "the confirmation counted as sent" }).toBeGreaterThan(0);
    const scrape = await scrapeNow();

    const routes = samplesOf(scrape, "shop_http_requests_total").map((line) => /route="([^"]*)"/.exec(line)?.[1]);
    expect(routes).toEqual(expect.arrayContaining(["/products", "/product/:id", "/api/public/categories", "/api/payments/process"]));
    // Patterns, never URLs: the product's own address is no label.
    expect(routes).not.toContain(`/product/${product.id}`);
    expect(samplesOf(scrape, "shop_http_request_duration_seconds_bucket").length).toBeGreaterThan(0);
    expect(samplesOf(scrape, "shop_payments_total")).toContainEqual(
      expect.stringMatching(/^shop_payments_total\{outcome="succeeded"\} [1-9]/),
    );
    expect(samplesOf(scrape, "shop_recovery_passes_total")).toContainEqual(expect.stringMatching(/result="ran"\} [1-9]/));
    expect(scrape).toContain("# TYPE shop_recovery_settled_total counter");
    expect(samplesOf(scrape, "shop_mail_outbox_messages").map((line) => /status="(\w+)"/.exec(line)?.[1])).toEqual(
      expect.arrayContaining(["pending", "retrying", "failed"]),
    );
    expect(samplesOf(scrape, "shop_payment_attempts_processing")).toHaveLength(1);
    expect(samplesOf(scrape, "shop_payment_attempt_oldest_processing_seconds")).toHaveLength(1);
    expect(samplesOf(scrape, "shop_page_cache_lookups_total")).toContainEqual(expect.stringMatching(/result="hit"\} [1-9]/));
    // SQLite has no pool: the family is declared, without samples (PostgreSQL's are in api/core/metrics.test.ts).
    expect(scrape).toContain("# TYPE shop_db_pool_connections gauge");
  });

  test("refuses a scrape without the token, or with another", async ({ request }) => {
    expect((await request.get("/metrics")).status()).toBe(401);
    const wrong = await request.get("/metrics", { headers: { authorization: `Bearer ${"x".repeat(metricsToken().length)}` } });
    expect(wrong.status()).toBe(401);
    expect(await wrong.text()).not.toContain("shop_");
  });
});
