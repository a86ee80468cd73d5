import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { seedDemoIfEmpty } from "#api/db/seed/demo.ts";
import { createSignedInUser } from "#api/testing/accounts.ts";
import { insertPromo } from "#api/testing/checkout.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { MSG } from "#contract/messages.ts";

let api: FreshApi;
beforeEach(async () => {
  api = await freshApi();
});
afterEach(() => api.close());

const offers = async () => {
  const { status, body } = await api.call("GET", "/public/offers");
  expect(status).toBe(200);
  expect(body.message).toBe(MSG.promo.offersFetched);
  return body.data;
};
const welcomeMail = async () => {
  await api.outbox.idle();
  return api.mailer.sent.find((mail) => mail.template === "newsletterWelcome");
};

describe("GET /public/offers", () => {
  it("names the live first-purchase percentage, the code the welcome e-mail sends", async () => {
    await insertPromo(api, { code: "OLDER5", discount_value: 5, first_purchase_only: 1 });
    await insertPromo(api, { code: "EVERYONE20", discount_value: 20 });
    await insertPromo(api, { code: "WELCOME15", discount_value: 15, first_purchase_only: 1, description: "15% off your first purchase" });
    expect(await offers()).toEqual({ first_purchase: { percent: 15 } });
    expect((await api.call("POST", "/public/subscribe", { body: { email: "new@example.com" } })).status).toBe(201);
    expect((await welcomeMail())?.mail.text).toContain("use the code WELCOME15 at checkout: 15% off your first purchase.");
  });

  it("answers the demo seed's 10% welcome code", async () => {
    await seedDemoIfEmpty(api.db);
    expect(await offers()).toEqual({ first_purchase: { percent: 10 } });
  });

  it("answers null with no first-purchase code, or one disabled, expired, not started, used up or of a fixed amount", async () => {
    expect(await offers()).toEqual({ first_purchase: null });
    const hour = 3_600_000;
    const at = (offset: number) => new Date(api.clock.now().getTime() + offset).toISOString();
    await insertPromo(api, { code: "EVERYONE20", discount_value: 20 });
    await insertPromo(api, { code: "OFF", first_purchase_only: 1, active: 0 });
    await insertPromo(api, { code: "ENDED", first_purchase_only: 1, ends_at: at(-hour) });
    await insertPromo(api, { code: "SOON", first_purchase_only: 1, starts_at: at(hour) });
    await insertPromo(api, { code: "USEDUP", first_purchase_only: 1, usage_limit: 3, times_used: 3 });
    expect(await offers()).toEqual({ first_purchase: null });
    await insertPromo(api, { code: "TENPOUNDS", first_purchase_only: 1, discount_type: "fixed", discount_value: 1_000 });
    expect(await offers()).toEqual({ first_purchase: null });
    await api.db.kysely.updateTable("promo_codes").set({ active: 0 }).where("code", "=", "TENPOUNDS").execute();
    api.clock.advance(hour);
    expect(await offers(), "the code that has started since").toEqual({ first_purchase: { percent: 10 } });
  });
});

describe("the kept offers", () => {
  it("follow the back office's create and disable at once, though the catalogue cache keeps them", async () => {
    await api.close();
    api = await freshApi({ catalogueCache: true });
    const { token } = await createSignedInUser(api, { role: "operator" });
    expect(await offers()).toEqual({ first_purchase: null });
    const created = await api.call("POST", "/admin/promos", {
      token,
      body: { code: "JOIN12", type: "percentage", value: 12, firstPurchase: true },
    });
    expect(created.status).toBe(201);
    expect(await offers()).toEqual({ first_purchase: { percent: 12 } });
    expect((await api.call("POST", "/admin/promos/JOIN12/disable", { token })).status).toBe(200);
    expect(await offers()).toEqual({ first_purchase: null });
  });
});
