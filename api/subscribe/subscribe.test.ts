import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PUBLIC_FORM_LIMITS } from "#api/security/rate-limit.ts";
import { insertPromo } from "#api/testing/checkout.ts";
import { type FreshApi, freshApi, TEST_SHOP_URL } from "#api/testing/harness.ts";
import { MSG } from "#contract/messages.ts";
import { UNSUBSCRIBE_API, UNSUBSCRIBE_PAGE } from "#contract/paths.ts";

let api: FreshApi;
beforeEach(async () => {
  api = await freshApi();
});
afterEach(() => api.close());

const subscribe = (body: unknown, clientIp = "203.0.113.10") => api.call("POST", "/public/subscribe", { body, clientIp });
const stored = () => api.db.kysely.selectFrom("subscriptions").select("email").execute();

describe("POST /public/subscribe", () => {
  it("stores the address trimmed and lower-cased", async () => {
    const { status, body } = await subscribe({ email: "  Amira.Khan@Example.COM " });
    expect(status).toBe(201);
    expect(body).toMatchObject({ success: true, message: MSG.subscribe.subscribed, data: { email: "amira.khan@example.com" } });
    expect(await stored()).toEqual([{ email: "amira.khan@example.com" }]);
  });

  it("answers a second sign-up for the same address kindly, without an error or a second row", async () => {
    await subscribe({ email: "amira@example.com" });
    const again = await subscribe({ email: "AMIRA@example.com" });
    expect(again).toMatchObject({ status: 200, body: { success: true, message: MSG.subscribe.alreadySubscribed } });
    expect(await stored()).toHaveLength(1);
  });

  it.each([
    [{}, MSG.subscribe.emailRequired],
    [{ email: "   " }, MSG.subscribe.emailRequired],
    [{ email: "not-an-email" }, MSG.subscribe.invalidEmail],
  ])("refuses %j with the newsletter's validation text", async (body, message) => {
    const { status, body: answer } = await subscribe(body);
    expect(status).toBe(400);
    expect(answer).toMatchObject({ success: false, error: { code: "VALIDATION_ERROR", details: [{ path: "email", message }] } });
    expect(await stored()).toHaveLength(0);
  });

  it("limits sign-ups per client address", async () => {
    const budget = PUBLIC_FORM_LIMITS.subscribe.hits;
    for (let n = 1; n <= budget; n++) expect((await subscribe({ email: `reader${n}@example.com` })).status).toBe(201);
    const blocked = await subscribe({ email: "one-more@example.com" });
    expect(blocked).toMatchObject({ status: 429, body: { success: false, error: { code: "TOO_MANY_REQUESTS" } } });
    expect((await subscribe({ email: "one-more@example.com" }, "198.51.100.20")).status).toBe(201);
    api.clock.advance(PUBLIC_FORM_LIMITS.subscribe.windowMs);
    expect((await subscribe({ email: "later@example.com" })).status).toBe(201);
  });
});

describe("the welcome e-mail and unsubscribing", () => {
  const welcomeFor = async (email: string) => {
    await api.outbox.idle();
    return api.mailer.sent.filter((mail) => mail.to === email && mail.template === "newsletterWelcome");
  };
  const tokenOf = async (email: string) =>
    (await api.db.kysely.selectFrom("subscriptions").select("unsubscribe_token").where("email", "=", email).executeTakeFirstOrThrow())
      .unsubscribe_token as string;
  const unsubscribe = (query: string, init: RequestInit = {}) => api.app.request(`${UNSUBSCRIBE_API}${query}`, { method: "POST", ...init });

  it("welcomes a new subscriber with the live first-purchase code and the ways to unsubscribe", async () => {
    await insertPromo(api, { code: "WELCOME10", description: "10% off your first purchase", first_purchase_only: 1 });
    await insertPromo(api, {
      code: "ENDED15",
      description: "15% off your first purchase",
      first_purchase_only: 1,
      ends_at: "2020-01-01T00:00:00.000Z",
    });
    await subscribe({ email: "amira@example.com" });
    const [welcome, ...more] = await welcomeFor("amira@example.com");
    expect(more).toEqual([]);
    const token = await tokenOf("amira@example.com");
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(welcome.mail.text).toContain("use the code WELCOME10 at checkout: 10% off your first purchase");
    expect(welcome.mail.text).not.toContain("ENDED15");
    expect(welcome.mail.text).toContain(`${TEST_SHOP_URL}${UNSUBSCRIBE_PAGE}?token=${token}`);
    expect(welcome.mail.headers).toEqual({
      "List-Unsubscribe": `<${TEST_SHOP_URL}${UNSUBSCRIBE_API}?token=${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    await subscribe({ email: "amira@example.com" });
    expect(await welcomeFor("amira@example.com")).toHaveLength(1);
  });

  it("promises no code when no first-purchase promo is live", async () => {
    await insertPromo(api, { code: "SAVE10", first_purchase_only: 0 });
    await subscribe({ email: "amira@example.com" });
    const [welcome] = await welcomeFor("amira@example.com");
    expect(welcome.mail.text).not.toContain("code");
    expect(welcome.mail.text).not.toContain("SAVE10");
  });

  it("unsubscribes in one click (RFC 8058's form post), twice without harm, and welcomes again on a new sign-up with a new consent time", async () => {
    await subscribe({ email: "amira@example.com" });
    const token = await tokenOf("amira@example.com");
    const oneClick = {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    };
    for (let time = 0; time < 2; time++) {
      const response = await unsubscribe(`?token=${token}`, oneClick);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ success: true, message: MSG.subscribe.unsubscribed });
    }
    const row = await api.db.kysely.selectFrom("subscriptions").selectAll().executeTakeFirstOrThrow();
    expect(row.unsubscribed_at).toBe(api.clock.now().toISOString());

    api.clock.advance(60_000);
    expect((await subscribe({ email: "amira@example.com" })).status).toBe(201);
    const rejoined = await api.db.kysely.selectFrom("subscriptions").selectAll().executeTakeFirstOrThrow();
    expect(rejoined).toMatchObject({ unsubscribed_at: null, created_at: api.clock.now().toISOString() });
    expect(await welcomeFor("amira@example.com")).toHaveLength(2);
    expect(await tokenOf("amira@example.com")).not.toBe(token);
    expect((await unsubscribe(`?token=${token}`)).status).toBe(404);
  });

  it.each([
    ["no token", "", 400],
    ["a malformed token", "?token=%3Cscript%3E", 400],
    ["an oversized token", `?token=${"a".repeat(10_000)}`, 400],
    ["two tokens", "?token=a&token=b", 400],
    ["an unknown token", `?token=${"0".repeat(32)}`, 404],
  ])("refuses %s with a 4xx", async (_, query, status) => {
    const response = await unsubscribe(query, { headers: { "content-type": "application/json" }, body: "{not json" });
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ success: false });
  });
});
