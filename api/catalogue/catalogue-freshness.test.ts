import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setVariantStock } from "#api/operator/stock.ts";
import { changeOrderStatus } from "#api/orders/orders.service.ts";
import { checkoutCatalogue, moveOrder, pay, paymentRequest, shopperWithAddress } from "#api/testing/checkout.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { importSatinSet } from "./testing-fixtures.ts";

/**
 * Every write that changes what the catalogue shows raises the catalogue generation, which is what tells every
 * process (other workers, other instances) that its kept reads and pages are stale: a writer that forgot would
 * show old stock, prices or ratings on other instances until the reads' lifetime ran out.
 */
let api: FreshApi;
beforeEach(async () => {
  api = await freshApi();
});
afterEach(() => api.close());

const generation = async () =>
  Number((await api.db.kysely.selectFrom("catalogue_generation").select("generation").executeTakeFirstOrThrow()).generation);

async function expectRaised(write: () => Promise<unknown>) {
  const before = await generation();
  await write();
  expect(await generation()).toBeGreaterThan(before);
}

describe("the catalogue generation", () => {
  it("raise the catalogue generation: stock:set, products:import, an order, its cancellation, a review and its edit", async () => {
    const shop = await checkoutCatalogue(api);
    const shopper = await shopperWithAddress(api);
    const sku = (
      await api.db.kysely.selectFrom("product_variants").select("sku").where("id", "=", shop.blackAbaya).executeTakeFirstOrThrow()
    ).sku;

    await expectRaised(() => setVariantStock(api.db, sku, 7));
    await expectRaised(() => importSatinSet(api.db, "Abayas", [{ size: "M", stock: 3 }]));

    let code = "";
    await expectRaised(async () => {
      const { body } = await pay(
        api,
        shopper.token,
        paymentRequest(shopper.addressId, [{ productId: shop.abaya, variantId: shop.blackAbaya, quantity: 1 }]),
      );
      code = body.data.order_code;
    });
    await expectRaised(() => changeOrderStatus(api.db, api.clock, api.gateway, code, "cancelled"));

    const { body } = await pay(
      api,
      shopper.token,
      paymentRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }]),
    );
    await moveOrder(api, body.data.order_code, ["processing", "shipped", "delivered"]);
    let reviewId = 0;
    await expectRaised(async () => {
      const created = await api.call("POST", "/public/reviews", {
        token: shopper.token,
        body: { product_id: shop.scarf, order_id: body.data.id, rating: 4 },
      });
      expect(created.status).toBe(201);
      reviewId = created.body.data.id;
    });
    await expectRaised(async () => {
      const edited = await api.call("PUT", `/public/reviews/${reviewId}`, { token: shopper.token, body: { rating: 2 } });
      expect(edited.status).toBe(200);
    });
  });

  it("leave it alone when the write is refused", async () => {
    const shop = await checkoutCatalogue(api, { stock: 1 });
    const shopper = await shopperWithAddress(api);
    const before = await generation();
    const refused = await pay(
      api,
      shopper.token,
      paymentRequest(shopper.addressId, [{ productId: shop.abaya, variantId: shop.blackAbaya, quantity: 2 }]),
    );
    expect(refused.status).toBe(400);
    expect(await setVariantStock(api.db, "NO-SUCH-SKU", 3)).toBeUndefined();
    expect(await generation()).toBe(before);
  });
});

describe("checkout", () => {
  it("prices from the database, never from the kept catalogue reads", async () => {
    await api.close();
    api = await freshApi({ catalogueCache: true });
    const shop = await checkoutCatalogue(api);
    const shopper = await shopperWithAddress(api);
    const priceShown = async () => (await api.call("GET", `/public/products/${shop.scarf}`)).body.data.current_price;
    expect(await priceShown()).toBe(25);
    // A price written behind the cache's back (no generation raised): the kept read still shows the old one.
    await api.db.kysely.updateTable("products").set({ current_price_pence: 3_000 }).where("id", "=", shop.scarf).execute();
    expect(await priceShown()).toBe(25);

    const { status, body } = await pay(
      api,
      shopper.token,
      paymentRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }]),
    );
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ subtotal: 30 });
  });
});
