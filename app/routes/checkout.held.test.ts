import { beforeAll, describe, expect, it, vi } from "vitest";
import { fakeTransport, routerContextWith } from "#app/testing/fake-transport.server.ts";
import { flashedToasts } from "#app/testing/form-post.server.ts";
import { MSG } from "#contract/messages.ts";

vi.stubEnv("SESSION_SECRET", "checkout-held-test-secret-0123456789abcdef");
let route: typeof import("./checkout.held.tsx");
let session: typeof import("#app/session/session.server.ts");
beforeAll(async () => {
  route = await import("./checkout.held.tsx");
  session = await import("#app/session/session.server.ts");
});

const user = { id: 1, name: "Amina", email: "amina@example.com", email_verified: true };
const CHECKOUT_URL = "https://checkout.stripe.test/c/pay/cs_test_1";
const HELD_UNTIL = "2026-11-22T14:32:00.000Z";

type Answer = { status: number; body: unknown };
const success = (data: unknown, message = "OK"): Answer => ({ status: 200, body: { success: true, data, message } });
const refusal = (status: number, message: string): Answer => ({
  status,
  body: { success: false, data: null, message, error: { code: status === 409 ? "CONFLICT" : "NOT_FOUND", message } },
});
const order = (payment_status: string) => ({ id: 42, order_code: "MN-ABCD-EFGH", payment_status, total: 30, items: [] });

/** The API: the signed-in shopper, the key's order, and `answers` for the order's checkout calls (by path). */
function fakeApi(answers: Record<string, Answer>) {
  const paths: string[] = [];
  const context = routerContextWith(
    fakeTransport((path, init) => {
      paths.push(`${init?.method ?? "GET"} ${path}`);
      if (path.startsWith("/public/auth/me")) return Response.json({ success: true, data: { user }, message: "OK" });
      if (path.startsWith("/payments/attempts/")) {
        return Response.json(success({ status: "succeeded", order: order("unpaid"), message: null }).body);
      }
      const answer = answers[`${init?.method ?? "GET"} ${path}`] ?? refusal(404, MSG.orders.notFound);
      return Response.json(answer.body, { status: answer.status });
    }),
  );
  return { context, paths };
}

async function signedIn(url: string, init: RequestInit = {}) {
  const request = new Request(url);
  const signed = await session.getSession(request);
  signed.set("token", "token-1");
  signed.set("user", user);
  const cookie = ((await session.commitSession(request, signed)) ?? "").split(";")[0];
  return new Request(url, { ...init, headers: { cookie, ...(init.body ? { "content-type": "application/x-www-form-urlencoded" } : {}) } });
}

const HERE = "http://shop.test/checkout/held?key=key-12345678";
const load = async (url: string, api: ReturnType<typeof fakeApi>) =>
  route.loader({ request: await signedIn(url), params: {}, context: api.context } as never).catch((thrown: unknown) => thrown);

async function post(fields: Record<string, string>, api: ReturnType<typeof fakeApi>) {
  const { honeypotLoaderData } = await import("#app/forms/honeypot.server.ts");
  const trap = honeypotLoaderData.honeypot;
  const body = new URLSearchParams({ [trap.nameFieldName]: "", ...fields });
  const request = await signedIn(HERE, { method: "POST", body });
  return route.action({ request, params: {}, context: api.context } as never).catch((thrown: unknown) => thrown);
}

describe("/checkout/held", () => {
  it("shows the key's order waiting for payment and until when it is held, without reading the cart", async () => {
    const api = fakeApi({
      "GET /payments/orders/42/checkout": success({ order: order("unpaid"), checkoutUrl: CHECKOUT_URL, heldUntil: HELD_UNTIL }),
    });
    expect(await load(HERE, api)).toMatchObject({ order: { id: 42 }, heldUntil: HELD_UNTIL, failure: null });
    expect(api.paths).toEqual(["GET /public/auth/me", "GET /payments/attempts/key-12345678", "GET /payments/orders/42/checkout"]);
  });

  it("opens the success page of an order paid meanwhile, and says a closed one was not charged", async () => {
    const paid = await load(
      HERE,
      fakeApi({ "GET /payments/orders/42/checkout": success({ order: order("paid"), checkoutUrl: null, heldUntil: null }) }),
    );
    expect((paid as Response).headers.get("location")).toBe("/order-success?order=42");
    const closed = await load(
      HERE,
      fakeApi({ "GET /payments/orders/42/checkout": success({ order: order("voided"), checkoutUrl: null, heldUntil: null }) }),
    );
    expect(closed).toMatchObject({ heldUntil: null, failure: null });
  });

  it("answers a malformed key with 404 and asks the API nothing about payments", async () => {
    const api = fakeApi({});
    const thrown = (await load("http://shop.test/checkout/held?key=../x", api)) as { init?: ResponseInit };
    expect(thrown.init?.status).toBe(404);
    expect(api.paths.some((path) => path.includes("/payments/"))).toBe(false);
  });

  it("Pay now goes (303) to the same order's open checkout; a refusal comes back here with its reason", async () => {
    const open = await post(
      { intent: "pay-order", order: "42" },
      fakeApi({ "POST /payments/orders/42/checkout": success({ order: order("unpaid"), checkoutUrl: CHECKOUT_URL }) }),
    );
    expect((open as Response).status).toBe(303);
    expect((open as Response).headers.get("location")).toBe(CHECKOUT_URL);
    const closed = (await post(
      { intent: "pay-order", order: "42" },
      fakeApi({ "POST /payments/orders/42/checkout": refusal(409, MSG.payment.orderNotPayable) }),
    )) as Response;
    expect(closed.headers.get("location")).toBe("/checkout/held?key=key-12345678");
    expect((await flashedToasts(closed)).map((toast) => toast.message)).toEqual([MSG.payment.orderNotPayable]);
  });

  it("Cancel this order goes to the cart, told so, the cart cookie untouched", async () => {
    const response = (await post(
      { intent: "cancel-order", order: "42" },
      fakeApi({ "POST /payments/orders/42/cancel": success(order("voided"), MSG.payment.orderCancelled) }),
    )) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/cart");
    expect(response.headers.getSetCookie().some((value) => value.startsWith("__cart="))).toBe(false);
    expect((await flashedToasts(response)).map((toast) => toast.message)).toEqual([MSG.payment.orderCancelled]);
  });

  it.each([
    ["an unknown intent", { intent: "delete", order: "42" }],
    ["a malformed order", { intent: "cancel-order", order: "abc" }],
  ])("refuses %s with 400", async (_name, fields) => {
    const api = fakeApi({});
    const thrown = (await post(fields, api)) as { init?: ResponseInit };
    expect(thrown.init?.status).toBe(400);
    expect(api.paths.some((path) => path.includes("/payments/orders"))).toBe(false);
  });
});
