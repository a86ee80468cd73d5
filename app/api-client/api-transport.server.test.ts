import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshApi } from "#api/testing/harness.ts";
import { API_HEADERS } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import { type ApiOutcome, createApiClient } from "./api.server.ts";
import type { ApiCall } from "./api-call.ts";
import { httpTransport, inProcessTransport } from "./api-transport.server.ts";
import { categoryListSchema, noDataSchema } from "./responses.server.ts";

let shop: Awaited<ReturnType<typeof freshApi>>;
beforeAll(async () => {
  shop = await freshApi();
});
afterAll(() => shop.close());

/** A route this build of the API does not have (as an older API behind a remote storefront may lack one). */
const missingRoute: ApiCall = { send: (api) => Reflect.get(api.public, "no-such-thing").$get(), schema: noDataSchema };
/** The categories, as the storefront's chrome reads them. */
const activeCategories: ApiCall = {
  send: (api) => api.public.categories.$get({ query: { status: "Active" } }),
  schema: categoryListSchema,
};

async function expectRouteNotFound(promise: Promise<ApiOutcome<unknown>>) {
  expect(await promise).toMatchObject({ ok: false, status: 404, code: "NOT_FOUND", message: MSG.api.routeNotFound, callerDecides: true });
}

describe("in-process transport", () => {
  it("calls the API in this process with the path after /api", async () => {
    const response = await inProcessTransport(shop.app)("/public/categories?status=Active", { method: "GET" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, data: expect.any(Array) });
  });

  it("answers an unknown path with the JSON 404 envelope", async () => {
    const response = await inProcessTransport(shop.app)("/public/no-such-thing", { method: "GET" });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      success: false,
      data: null,
      message: MSG.api.routeNotFound,
      error: { code: "NOT_FOUND", message: MSG.api.routeNotFound },
    });
  });

  it("serves the contract client end to end", async () => {
    const transport = inProcessTransport(shop.app);
    // This build's own answers: the client leaves them unparsed (the API's tests prove them).
    expect(transport.remote).toBe(false);
    const api = createApiClient({ transport });
    const result = await api(activeCategories);
    expect(result).toMatchObject({ ok: true, status: 200, data: expect.any(Array) });
    await expectRouteNotFound(api(missingRoute));
  });
});

describe("HTTP transport", () => {
  const secret = "storefront-shared-secret-for-tests";
  const received: Headers[] = [];
  let server: ReturnType<typeof serve>;
  let baseUrl: string;

  beforeAll(async () => {
    server = serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch: (request, env) => {
        received.push(request.headers);
        return shop.app.fetch(request, env);
      },
    });
    await new Promise<void>((resolve) => server.once("listening", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("calls the API over a real socket, with the internal secret and the forwarded shopper", async () => {
    const transport = httpTransport(baseUrl, secret);
    // Another process may run another build: the client checks each answer against the contract.
    expect(transport.remote).toBe(true);
    const api = createApiClient({ transport, clientIp: "203.0.113.9", userAgent: "Firefox/150" });
    const result = await api(activeCategories);
    expect(result).toMatchObject({ ok: true, status: 200, data: expect.any(Array) });
    const headers = received.at(-1);
    expect(headers?.get(API_HEADERS.internalSecret)).toBe(secret);
    expect(headers?.get(API_HEADERS.clientIp)).toBe("203.0.113.9");
    expect(headers?.get(API_HEADERS.userAgent)).toBe("Firefox/150");
  });

  it("sends no secret header when none is configured", async () => {
    const response = await httpTransport(baseUrl)("/public/categories", { method: "GET" });
    expect(response.status).toBe(200);
    expect(received.at(-1)?.has(API_HEADERS.internalSecret)).toBe(false);
  });

  it("answers an unknown path with the JSON 404 envelope, left to the caller by the client", async () => {
    const response = await httpTransport(baseUrl)("/public/no-such-thing", { method: "GET" });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, error: { code: "NOT_FOUND" } });
    await expectRouteNotFound(createApiClient({ transport: httpTransport(baseUrl) })(missingRoute));
  });

  it("reports a refused connection as no response", async () => {
    const closed = serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
    await new Promise<void>((resolve) => closed.once("listening", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const api = createApiClient({ transport: httpTransport(`http://127.0.0.1:${port}/api`) });
    const result = await api(activeCategories);
    expect(result).toMatchObject({ ok: false, status: null, message: MSG.helper.noResponse });
  });
});
