import { beforeAll, describe, expect, it, vi } from "vitest";
import { fakeTransport, routerContextWith } from "#app/testing/fake-transport.server.ts";
import { flashedToasts } from "#app/testing/form-post.server.ts";
import { MSG } from "#contract/messages.ts";

vi.stubEnv("SESSION_SECRET", "returns-code-test-secret-0123456789abcdef");
let route: typeof import("./returns.$code.tsx");
let session: typeof import("#app/session/session.server.ts");
beforeAll(async () => {
  route = await import("./returns.$code.tsx");
  session = await import("#app/session/session.server.ts");
});

const user = { id: 1, name: "Amina", email: "amina@example.com", email_verified: true };
const CODE = "RT-7K3F-9Q2A";
const HERE = `http://shop.test/returns/${CODE}`;
const CHECKOUT_URL = "https://checkout.stripe.test/c/pay/cs_test_1";
const KEY = "key-12345678-abcd";
const CARD = { cardholderName: "Amina Khan", cardNumber: "4000 0000 0000 0002", expiryDate: "12/30", cvv: "123" };

type Answer = { status: number; body: unknown };
const answer = (status: number, data: unknown, message = "OK"): Answer => ({
  status,
  body:
    status < 300
      ? { success: true, data, message }
      : { success: false, data: null, message, error: { code: status === 409 ? "CONFLICT" : "PAYMENT_DECLINED", message } },
});
const returned = {
  code: CODE,
  kind: "return",
  reason: "too_small",
  reason_name: "Too small",
  state: "requested",
  state_name: "Requested",
  goods_back: true,
  order_id: 42,
  order_code: "MN-ABCD-EFGH",
  created_at: "2026-11-20T10:00:00.000Z",
  received_at: null,
  refunded_at: null,
  shipped_at: null,
  rejection_reason: null,
  items: [],
  refunded: 0,
  shipment: null,
  difference: { amount: 10, status: "paid", due_by: null },
};

/** The API: the signed-in shopper, the shop's gateway, and `answers` by method and path; what reached it in `calls`. */
function fakeApi(gateway: "test" | "stripe", answers: Record<string, Answer>) {
  const calls: { path: string; body: unknown; key: string | null }[] = [];
  const context = routerContextWith(
    fakeTransport((path, init) => {
      if (path.startsWith("/public/auth/me")) return Response.json({ success: true, data: { user }, message: "OK" });
      if (path === "/public/payment-options") return Response.json(answer(200, { gateway, unavailable: [] }).body);
      const key = new Headers(init?.headers).get("Idempotency-Key");
      calls.push({ path: `${init?.method ?? "GET"} ${path}`, body: init?.body ? JSON.parse(String(init.body)) : null, key });
      const found = answers[`${init?.method ?? "GET"} ${path}`] ?? answer(404, null, MSG.returns.notFound);
      return Response.json(found.body, { status: found.status });
    }),
  );
  return { context, calls };
}

async function post(fields: Record<string, string>, api: ReturnType<typeof fakeApi>, code = CODE) {
  const request = new Request(HERE, { method: "POST", body: new URLSearchParams(fields) });
  const signed = await session.getSession(request);
  signed.set("token", "token-1");
  signed.set("user", user);
  const cookie = ((await session.commitSession(request, signed)) ?? "").split(";")[0];
  const withCookie = new Request(HERE, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
  });
  return route.action({ request: withCookie, params: { code }, context: api.context } as never).catch((thrown: unknown) => thrown);
}

describe("paying a return's price difference", () => {
  it("sends the card with the form's key and comes back to the return with its toast", async () => {
    const api = fakeApi("test", { [`POST /public/returns/${CODE}/payment`]: answer(200, returned) });
    const response = (await post({ intent: "pay", idempotencyKey: KEY, ...CARD, cardNumber: "4242 4242 4242 4242" }, api)) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/returns/${CODE}`);
    expect((await flashedToasts(response)).map((toast) => toast.message)).toEqual([MSG.returns.differencePaidToast]);
    expect(api.calls).toEqual([
      {
        path: `POST /public/returns/${CODE}/payment`,
        key: KEY,
        body: { cardholderName: "Amina Khan", cardNumber: "4242424242424242", expiryDate: "12/30", cvv: "123" },
      },
    ]);
  });

  it("answers a declined card on the page: the alert, the card as typed but the CVV, a new key", async () => {
    const api = fakeApi("test", { [`POST /public/returns/${CODE}/payment`]: answer(400, null, MSG.payment.cardDeclined) });
    const reply = (await post({ intent: "pay", idempotencyKey: KEY, ...CARD }, api)) as {
      data: { payment: Record<string, unknown> };
      init: ResponseInit;
    };
    expect(reply.init.status).toBe(400);
    expect(reply.data.payment).toMatchObject({
      message: MSG.payment.cardDeclined,
      typed: { cardholderName: "Amina Khan", cardNumber: "4000 0000 0000 0002", expiryDate: "12/30" },
      fieldErrors: {},
    });
    expect(reply.data.payment.typed).not.toHaveProperty("cvv");
    expect(reply.data.payment.idempotencyKey).not.toBe(KEY);
  });

  it("checks the card's fields before asking the API", async () => {
    const api = fakeApi("test", {});
    const reply = (await post({ intent: "pay", idempotencyKey: KEY, ...CARD, cardNumber: "1234", cvv: "" }, api)) as {
      data: { payment: { fieldErrors: Record<string, string[]> } };
      init: ResponseInit;
    };
    expect(reply.init.status).toBe(400);
    expect(Object.keys(reply.data.payment.fieldErrors).sort()).toEqual(["cardNumber", "cvv"]);
    expect(api.calls).toEqual([]);
  });

  it("under Stripe, sends the shopper (303) to the provider's page, which brings them back to the return", async () => {
    const api = fakeApi("stripe", { [`POST /public/returns/${CODE}/checkout`]: answer(200, { checkoutUrl: CHECKOUT_URL }) });
    const response = (await post({ intent: "pay", idempotencyKey: KEY }, api)) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(CHECKOUT_URL);
    expect(api.calls[0]?.body).toEqual({ returnUrl: HERE, cancelUrl: HERE });
  });

  it.each([
    ["an unknown intent", { intent: "refund", idempotencyKey: KEY }, CODE],
    ["a missing key", { intent: "pay", ...CARD }, CODE],
    ["a malformed key", { intent: "pay", idempotencyKey: "<script>", ...CARD }, CODE],
    ["a malformed code", { intent: "pay", idempotencyKey: KEY, ...CARD }, "../admin"],
  ])("refuses %s with a 4xx and asks the API nothing", async (_name, fields, code) => {
    const api = fakeApi("test", {});
    const thrown = (await post(fields, api, code)) as { init?: ResponseInit };
    expect(thrown.init?.status).toBeGreaterThanOrEqual(400);
    expect(thrown.init?.status).toBeLessThan(500);
    expect(api.calls).toEqual([]);
  });
});
