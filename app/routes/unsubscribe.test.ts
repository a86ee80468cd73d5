import { beforeAll, describe, expect, it, vi } from "vitest";
import { fakeTransport, routerContextWith } from "#app/testing/fake-transport.server.ts";
import { MSG } from "#contract/messages.ts";

vi.stubEnv("SESSION_SECRET", "unsubscribe-route-test-secret-0123456789");
let route: typeof import("./unsubscribe.tsx");
beforeAll(async () => {
  route = await import("./unsubscribe.tsx");
});

const token = "0123456789abcdef0123456789abcdef";
const unsubscribed = { status: 200, body: { success: true, data: null, message: MSG.subscribe.unsubscribed } };

async function post(
  body: BodyInit,
  answer: { status: number; body: unknown } = unsubscribed,
  contentType = "application/x-www-form-urlencoded",
) {
  const called: string[] = [];
  const context = routerContextWith(
    fakeTransport((path) => {
      called.push(path);
      return Response.json(answer.body, { status: answer.status });
    }),
  );
  const request = new Request("http://shop.test/unsubscribe", { method: "POST", body, headers: { "content-type": contentType } });
  try {
    return { result: await route.action({ request, params: {}, context } as never), called };
  } catch (thrown) {
    return { result: thrown, called };
  }
}

const statusOf = (result: unknown) => (result instanceof Response ? result.status : (result as { init: { status: number } }).init.status);

describe("/unsubscribe", () => {
  it("asks with the link's token, and says so when the link is broken", () => {
    const load = (query: string) => route.loader({ request: new Request(`http://shop.test/unsubscribe${query}`) } as never);
    expect(load(`?token=${token}`)).toEqual({ state: "ask", token });
    expect(load("?token=%3Cscript%3E")).toEqual({ state: "invalid", token: null });
    expect(load("")).toEqual({ state: "invalid", token: null });
    expect(load("?done")).toEqual({ state: "done", token: null });
  });

  it("unsubscribes through the API and redirects to the answer (no JavaScript needed)", async () => {
    const { result, called } = await post(new URLSearchParams({ token }));
    expect(called).toEqual([`/public/unsubscribe?token=${token}`]);
    expect(statusOf(result)).toBe(303);
    expect((result as Response).headers.get("location")).toBe("/unsubscribe?done");
  });

  it("shows the API's refusal of an unknown link with its 404", async () => {
    const unknown = { status: 404, body: { success: false, data: null, message: MSG.subscribe.unsubscribeLinkUnknown } };
    const { result } = await post(new URLSearchParams({ token }), unknown);
    expect(result).toMatchObject({ data: { error: MSG.subscribe.unsubscribeLinkUnknown }, init: { status: 404 } });
  });

  it.each([
    ["a forged token", new URLSearchParams({ token: "../../admin" }), undefined],
    ["no token", new URLSearchParams({}), undefined],
    ["an oversized body", new URLSearchParams({ token: "a".repeat(100_000) }), undefined],
    ["JSON", JSON.stringify({ token }), "application/json"],
  ])("refuses %s with a 4xx, without calling the API", async (_, body, contentType) => {
    const { result, called } = await post(body, unsubscribed, contentType);
    expect(called).toEqual([]);
    expect(statusOf(result)).toBeGreaterThanOrEqual(400);
    expect(statusOf(result)).toBeLessThan(500);
  });
});
