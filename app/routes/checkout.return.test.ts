import { beforeAll, describe, expect, it, vi } from "vitest";
import { fakeTransport, routerContextWith } from "#app/testing/fake-transport.server.ts";
import { flashedToasts } from "#app/testing/form-post.server.ts";
import { MSG } from "#contract/messages.ts";

vi.stubEnv("SESSION_SECRET", "checkout-return-test-secret-0123456789abcdef");
let route: typeof import("./checkout.return.tsx");
let session: typeof import("#app/session/session.server.ts");
beforeAll(async () => {
  route = await import("./checkout.return.tsx");
  session = await import("#app/session/session.server.ts");
});

const user = { id: 1, name: "Amina", email: "amina@example.com", email_verified: true };

/** The API's answer to the return: the order, paid or not, and the checkout while it is open; or a status. */
function fakeApi(answer: { paid: boolean; checkoutUrl: string | null } | number) {
  const paths: string[] = [];
  const context = routerContextWith(
    fakeTransport((path, init) => {
      paths.push(`${init?.method ?? "GET"} ${path}`);
      if (path.startsWith("/public/auth/me")) return Response.json({ success: true, data: { user }, message: "OK" });
      if (typeof answer === "number") {
        return Response.json({ success: false, data: null, message: "x", error: { code: "NOT_FOUND", message: "x" } }, { status: answer });
      }
      const order = { id: 42, payment_status: answer.paid ? "paid" : "unpaid" };
      return Response.json({ success: true, data: { order, checkoutUrl: answer.checkoutUrl }, message: "OK" });
    }),
  );
  return { context, paths };
}

async function load(query: string, api: ReturnType<typeof fakeApi>) {
  const request = new Request(`http://shop.test/checkout/return${query}`);
  const signedIn = await session.getSession(request);
  signedIn.set("token", "token-1");
  signedIn.set("user", user);
  const cookie = ((await session.commitSession(request, signedIn)) ?? "").split(";")[0];
  const withCookie = new Request(request.url, { headers: { cookie } });
  return route.loader({ request: withCookie, params: {}, context: api.context } as never).catch((thrown: unknown) => thrown);
}

describe("/checkout/return", () => {
  it("opens a paid order's success page with the spec's toasts, the cart emptied", async () => {
    const api = fakeApi({ paid: true, checkoutUrl: null });
    const response = (await load("?session_id=cs_test_abc123", api)) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/order-success?order=42");
    expect(response.headers.getSetCookie().find((value) => value.startsWith("__cart="))).toMatch(/Max-Age=0/);
    expect((await flashedToasts(response)).map((toast) => toast.message)).toEqual([MSG.payment.orderPlaced, MSG.payment.processed]);
    expect(api.paths).toContain("POST /payments/checkout-sessions/cs_test_abc123/return");
  });

  it("offers the way back to an open, unpaid checkout; a closed one only the checkout", async () => {
    expect(
      await load("?session_id=cs_test_abc123", fakeApi({ paid: false, checkoutUrl: "https://checkout.stripe.test/c/pay/cs" })),
    ).toEqual({
      failure: null,
      checkoutUrl: "https://checkout.stripe.test/c/pay/cs",
      retryHref: null,
    });
    expect(await load("?session_id=cs_test_abc123", fakeApi({ paid: false, checkoutUrl: null }))).toMatchObject({ checkoutUrl: null });
  });

  it.each([
    ["no reference", ""],
    ["a malformed reference", "?session_id=../../admin"],
  ])("answers %s with 404 and asks the API nothing", async (_name, query) => {
    const api = fakeApi({ paid: true, checkoutUrl: null });
    const thrown = (await load(query, api)) as { init?: ResponseInit };
    expect(thrown.init?.status).toBe(404);
    expect(api.paths.some((path) => path.includes("checkout-sessions"))).toBe(false);
  });

  it("answers another shopper's or an unknown checkout with 404", async () => {
    const thrown = (await load("?session_id=cs_test_someone", fakeApi(404))) as { init?: ResponseInit };
    expect(thrown.init?.status).toBe(404);
  });
});
