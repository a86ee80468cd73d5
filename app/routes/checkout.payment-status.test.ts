import { beforeAll, describe, expect, it, vi } from "vitest";
import { fakeTransport, routerContextWith } from "#app/testing/fake-transport.server.ts";
import { flashedToasts } from "#app/testing/form-post.server.ts";
import { MSG } from "#contract/messages.ts";

// session.server.ts reads its secret at import time: give it one so no file is written.
vi.stubEnv("SESSION_SECRET", "payment-status-test-secret-0123456789abcdef");
let route: typeof import("./checkout.payment-status.tsx");
let session: typeof import("#app/session/session.server.ts");
beforeAll(async () => {
  route = await import("./checkout.payment-status.tsx");
  session = await import("#app/session/session.server.ts");
});

const user = { id: 1, name: "Amina", email: "amina@example.com", email_verified: true };
const KEY = "key-12345678";

/** The checking page's loader against a fake API whose attempt look-up answers `attempt` (a status and body). */
async function load(attempt: { status: number; data?: unknown }, url = `http://shop.test/checkout/payment-status?key=${KEY}`) {
  const paths: string[] = [];
  const context = routerContextWith(
    fakeTransport((path) => {
      paths.push(path);
      if (path.startsWith("/public/auth/me")) return Response.json({ success: true, data: { user }, message: "OK" });
      if (attempt.status !== 200) {
        return Response.json({ success: false, data: null, message: "x", error: { code: "X", message: "x" } }, { status: attempt.status });
      }
      return Response.json({ success: true, data: attempt.data, message: "OK" });
    }),
  );
  const signedIn = await session.getSession(new Request("http://shop.test/"));
  signedIn.set("token", "token-1");
  signedIn.set("user", user);
  const cookie = (await session.commitSession(new Request("http://shop.test/"), signedIn)).split(";")[0];
  const request = new Request(url, { headers: { cookie } });
  const result = await route.loader({ request, params: {}, context } as never).catch((thrown: unknown) => thrown);
  return { result, paths };
}

const metaOf = (loaderData: unknown) => route.meta({ loaderData } as never) as Record<string, string>[];

describe("/checkout/payment-status", () => {
  it("opens the order's success page, with the cart emptied, once the key's order exists", async () => {
    const { result, paths } = await load({ status: 200, data: { status: "succeeded", order: { id: 42 }, message: null } });
    const response = result as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/order-success?order=42");
    expect(response.headers.getSetCookie().find((value) => value.startsWith("__cart="))).toMatch(/Max-Age=0/);
    expect((await flashedToasts(response)).map((toast) => toast.message)).toEqual([MSG.payment.orderPlaced, MSG.payment.processed]);
    expect(paths).toContain(`/payments/attempts/${KEY}`);
  });

  it("says it is checking, with a Check again link and a refresh that need no JavaScript, while the payment is processing", async () => {
    for (const answer of [{ status: 200, data: { status: "processing", order: null, message: null } }, { status: 503 }, { status: 500 }]) {
      const { result } = await load(answer);
      expect(result).toEqual({ href: `/checkout/payment-status?key=${KEY}`, failure: null });
      expect(metaOf(result)).toContainEqual({ httpEquiv: "refresh", content: "5" });
    }
  });

  it("shows the failure once the payment failed, and stops refreshing", async () => {
    const { result } = await load({ status: 200, data: { status: "failed", order: null, message: MSG.payment.notCompleted } });
    expect(result).toMatchObject({ failure: MSG.payment.notCompleted });
    expect(metaOf(result).some((tag) => tag.httpEquiv)).toBe(false);
  });

  it("answers 404 for a key of no payment of the shopper's, or no key", async () => {
    const unknown = (await load({ status: 404 })).result as { init: ResponseInit };
    expect(unknown.init.status).toBe(404);
    const malformed = (await load({ status: 200 }, "http://shop.test/checkout/payment-status?key=a%3Cb")).result as { init: ResponseInit };
    expect(malformed.init.status).toBe(404);
    // The 404 page it then shows does not refresh.
    expect(metaOf(undefined).some((tag) => tag.httpEquiv)).toBe(false);
  });
});
