import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { issueToken } from "#api/auth/auth.service.ts";
import { createSignedInUser } from "#api/testing/accounts.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { placedOrder, type ReturnsCatalogue, returnsCatalogue, usualLines } from "#api/testing/returns.ts";
import { MSG } from "#contract/messages.ts";
import { RETURN_CODE_PATTERN } from "#contract/returns.ts";

let api: FreshApi;
let shop: ReturnsCatalogue;
beforeEach(async () => {
  api = await freshApi();
  shop = await returnsCatalogue(api);
});
afterEach(() => api.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const stockOf = async (variantId: number) =>
  (await api.db.kysely.selectFrom("product_variants").select("stock").where("id", "=", variantId).executeTakeFirstOrThrow()).stock;

describe("a shopper's return", () => {
  it("registers a refund and an exchange for a cheaper variant, holds the exchange's unit and mails the label", async () => {
    const order = await placedOrder(api, usualLines(shop));
    const options = await api.call("GET", `/public/orders/${order.orderId}/returns/options`, { token: order.shopper.token });
    expect(options.status).toBe(200);
    expect(options.body.data.open).toBe(true);
    expect(options.body.data.items[0].exchange_options.map((option: { name: string }) => option.name)).toEqual(["Sand / S", "Sand / M"]);
    const sandMBefore = await stockOf(shop.sandM);

    const { status, body } = await api.call("POST", `/public/orders/${order.orderId}/returns`, {
      token: order.shopper.token,
      body: {
        reason: "too_small",
        items: [
          { order_item_id: order.items[0], quantity: 1, resolution: "exchange", exchange_variant_id: shop.sandM },
          { order_item_id: order.items[2], quantity: 1, resolution: "refund" },
        ],
      },
    });
    expect(status, JSON.stringify(body.error)).toBe(201);
    expect(body.data.code).toMatch(RETURN_CODE_PATTERN);
    expect(body.data.state).toBe("requested");
    expect(body.data.items.map((item: { exchange_variant_name: string | null }) => item.exchange_variant_name)).toEqual(["Sand / M", null]);
    expect(await stockOf(shop.sandM)).toBe(sandMBefore - 1);

    const shown = await api.call("GET", `/public/returns/${body.data.code}`, { token: order.shopper.token });
    expect(shown.body.data).toEqual(body.data);
    await api.outbox.idle();
    const label = api.mailer.sent.find((sent) => sent.mail.subject.includes(body.data.code));
    expect(label?.mail.text).toContain(`/returns/${body.data.code}/label`);
  });

  it("refuses a return 31 days after delivery with its text", async () => {
    const order = await placedOrder(api, usualLines(shop));
    api.clock.advance(31 * DAY_MS);
    const token = await issueToken(api.db.kysely, api.clock, order.shopper.user.id);
    const { status, body } = await api.call("POST", `/public/orders/${order.orderId}/returns`, {
      token,
      body: { reason: "changed_mind", items: [{ order_item_id: order.items[2], quantity: 1, resolution: "refund" }] },
    });
    expect(status).toBe(400);
    expect(body.message).toBe(MSG.returns.windowClosed);
  });

  it("answers another shopper's order and return as missing", async () => {
    const order = await placedOrder(api, usualLines(shop));
    const stranger = await createSignedInUser(api);
    expect((await api.call("GET", `/public/orders/${order.orderId}/returns/options`, { token: stranger.token })).status).toBe(404);
  });
});
