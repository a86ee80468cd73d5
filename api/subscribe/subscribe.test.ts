import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PUBLIC_FORM_LIMITS } from "#api/security/rate-limit.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { MSG } from "#contract/messages.ts";

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
