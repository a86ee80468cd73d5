import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { API_HEADERS } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import { logger } from "../lib/logger.server.ts";
import { apiUnavailableContext, type PageRender, requestInfoContext } from "../lib/request-context.ts";
import { fakeTransport, routerContextWith } from "../testing/fake-transport.server.ts";
import { type ApiFailure, type ApiOutcome, apiFor, asQuery, createApiClient, createReplayClient } from "./api.server.ts";
import type { ApiCall } from "./api-call.ts";
import type { ApiTransport } from "./api-transport.server.ts";

interface SeenRequest {
  path: string;
  init: RequestInit;
  headers: Headers;
}

/** A transport that answers every call with `respond()` and records what it was sent; remote unless told otherwise. */
function recordingTransport(respond: (path: string, init: RequestInit) => Promise<Response> | Response, { remote = true } = {}) {
  const seen: SeenRequest[] = [];
  const transport = fakeTransport(
    (path, init) => {
      seen.push({ path, init, headers: new Headers(init.headers) });
      return respond(path, init);
    },
    { remote },
  );
  return { transport, seen };
}

/** The schema of calls whose answer these tests do not read. */
const anyData = z.unknown();

const json = (status: number, body: unknown) => () => Response.json(body, { status });

const errorEnvelope = (code: string, message: string, extra: Record<string, unknown> = {}) => ({
  success: false,
  data: null,
  message,
  ...extra,
  error: { code, message, ...(extra.details ? { details: extra.details } : {}) },
});

/** A call whose answer these tests read as the transport gives it: GET /public/categories. */
const categories: ApiCall = { send: (api) => api.public.categories.$get({ query: {} }), schema: anyData };
/** A POST with a JSON body: a new address. */
const newAddress = {
  label: "Home",
  line1: "1 High St",
  city: "London",
  postal_code: "N1 1AA",
  phone: "07700900000",
  address_type: "Home" as const,
};
const postAddress: ApiCall = { send: (api) => api.public.addresses.$post({ json: newAddress }), schema: anyData };

async function callWith(respond: Parameters<typeof recordingTransport>[0], call: Partial<ApiCall> = {}, timeoutMs?: number) {
  const { transport, seen } = recordingTransport(respond);
  const api = createApiClient({ transport, timeoutMs });
  const result = await api({ ...categories, ...call });
  return { result, seen };
}

/** The outcome of a row the table leaves to the caller. */
async function callerDecides(promise: Promise<{ result: ApiOutcome<unknown> }>): Promise<ApiFailure> {
  const { result } = await promise;
  expect(result).toMatchObject({ ok: false, callerDecides: true });
  return result as ApiFailure;
}

describe("contract client: the failure table", () => {
  it("passes a 2xx envelope through: data, message and pagination", async () => {
    const pagination = { total: 30, totalPages: 3, page: 1, limit: 12 };
    const { result } = await callWith(json(200, { success: true, data: [{ id: 1 }], message: "Products fetched", pagination }));
    expect(result).toMatchObject({ ok: true, status: 200, data: [{ id: 1 }], message: "Products fetched", pagination });
  });

  it("passes a 201 through and keeps top-level extras in the body", async () => {
    const { result } = await callWith(
      json(201, { success: true, data: { id: 7 }, message: "Created", needsVerification: true }),
      postAddress,
    );
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.body.needsVerification).toBe(true);
  });

  it("leaves a 400 VALIDATION_ERROR to the caller, with its details", async () => {
    const details = [{ path: "email", message: "Invalid email" }];
    const error = await callerDecides(callWith(json(400, errorEnvelope("VALIDATION_ERROR", "Validation failed", { details }))));
    expect(error).toMatchObject({ status: 400, code: "VALIDATION_ERROR", message: "Validation failed", details });
  });

  it("answers another 400 with the server message and its errors", async () => {
    const details = [{ path: "code", message: "Expired" }];
    const { result } = await callWith(json(400, errorEnvelope("PROMO_INVALID", "Invalid promo code", { details })));
    expect(result).toEqual({
      ok: false,
      status: 400,
      message: "Invalid promo code",
      code: "PROMO_INVALID",
      details,
      body: expect.anything(),
      callerDecides: false,
    });
  });

  it("answers another 400 without a message with 'Validation error!'", async () => {
    const { result } = await callWith(json(400, { success: false }));
    expect(result).toMatchObject({ ok: false, status: 400, message: MSG.helper.validation });
    expect(MSG.helper.validation).toBe("Validation error!");
  });

  it("leaves a 401 carrying needsVerification to the caller", async () => {
    const body = errorEnvelope("EMAIL_NOT_VERIFIED", "Please verify your email to continue", {
      needsVerification: true,
      email: "a@b.test",
    });
    const error = await callerDecides(callWith(json(401, body), postAddress));
    expect(error.status).toBe(401);
    expect(error.body).toMatchObject({ needsVerification: true, email: "a@b.test" });
  });

  it("answers another 401 with 'Unauthorized! Please log in again.'", async () => {
    const { result } = await callWith(json(401, errorEnvelope("UNAUTHORIZED", "Token expired")));
    expect(result).toMatchObject({ ok: false, status: 401, message: "Unauthorized! Please log in again." });
  });

  it.each([404, 409])("leaves a %i to the caller, with the server's code and message", async (status) => {
    const error = await callerDecides(callWith(json(status, errorEnvelope("CONFLICT_OR_MISSING", "Not here"))));
    expect(error).toMatchObject({ status, code: "CONFLICT_OR_MISSING", message: "Not here" });
  });

  it("leaves a 404 whose body is not JSON to the caller", async () => {
    const error = await callerDecides(callWith(() => new Response("Not Found", { status: 404 })));
    expect(error.status).toBe(404);
    expect(error.message).toBe(MSG.helper.unknown);
  });

  it("answers a 500 with 'Server error! Please try again later.', never the server's text", async () => {
    const { result } = await callWith(json(500, errorEnvelope("INTERNAL_ERROR", "stack trace here")));
    expect(result).toMatchObject({ ok: false, status: 500, message: "Server error! Please try again later." });
  });

  it.each([503, 418, 302, 502])("answers another status (%i) with 'Network error or timeout occurred.'", async (status) => {
    const { result } = await callWith(json(status, errorEnvelope("X", "server text")));
    expect(result).toMatchObject({ ok: false, status, message: "Network error or timeout occurred." });
  });

  it("answers a 429 with the server's message (decision 0002), else the rate-limit text", async () => {
    const limited = await callWith(
      json(429, errorEnvelope("TOO_MANY_REQUESTS", "Too many attempts, wait 60 s", { retryAfterSeconds: 60 })),
    );
    expect(limited.result).toMatchObject({
      ok: false,
      status: 429,
      message: "Too many attempts, wait 60 s",
      code: "TOO_MANY_REQUESTS",
    });
    const bare = await callWith(() => new Response("slow down", { status: 429 }));
    expect(bare.result).toMatchObject({ ok: false, status: 429, message: MSG.api.tooManyRequests });
  });

  it("answers a transport that never answers, once the timeout passes, with 'Network error or timeout occurred.'", async () => {
    const { result, seen } = await callWith(
      (_path, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        }),
      {},
      20,
    );
    expect(result).toMatchObject({ ok: false, status: null, message: "Network error or timeout occurred.", callerDecides: false });
    expect(seen[0]?.init.signal?.aborted).toBe(true);
  });

  it("times out even when the transport ignores the abort signal (an in-process handler that hangs)", async () => {
    const { result } = await callWith(() => new Promise<Response>(() => {}), {}, 20);
    expect(result).toMatchObject({ ok: false, status: null, message: MSG.helper.networkOrTimeout });
  });

  it("times out while a 2xx body is still streaming", async () => {
    const stalled = new ReadableStream({ start: (controller) => controller.enqueue(new TextEncoder().encode('{"success":')) });
    const { result } = await callWith(() => new Response(stalled, { status: 200 }), {}, 20);
    expect(result).toMatchObject({ ok: false, status: 200, message: MSG.helper.networkOrTimeout });
  });

  it("answers no response (connection refused) with 'Network error! Please check your connection.'", async () => {
    const { result } = await callWith(() => Promise.reject(new TypeError("fetch failed", { cause: new Error("ECONNREFUSED") })));
    expect(result).toMatchObject({
      ok: false,
      status: null,
      message: "Network error! Please check your connection.",
      callerDecides: false,
    });
  });

  it.each([
    ["an HTML page", "<html>oops</html>"],
    ["JSON null", "null"],
    ["a JSON string", '"ok"'],
  ])("answers a 2xx with %s as its body with 'Something went wrong!'", async (_case, text) => {
    const { result } = await callWith(() => new Response(text, { status: 200, headers: { "content-type": "text/html" } }));
    expect(result).toMatchObject({ ok: false, status: 200, message: "Something went wrong!" });
  });

  it("keeps the status row for a failure whose body is not JSON", async () => {
    const { result } = await callWith(() => new Response("Bad Gateway", { status: 500 }));
    expect(result).toMatchObject({ ok: false, status: 500, message: MSG.helper.server });
  });
});

describe("contract client: the request it sends", () => {
  const okay = json(200, { success: true, data: null, message: "OK" });

  it("adds the bearer header only when a token is given", async () => {
    const withToken = await callWith(okay, { token: "tok_123" });
    expect(withToken.seen[0]?.headers.get("authorization")).toBe("Bearer tok_123");
    for (const token of [undefined, null, ""]) {
      const without = await callWith(okay, { token });
      expect(without.seen[0]?.headers.has("authorization")).toBe(false);
    }
  });

  it("sends extra headers such as the payment's Idempotency-Key, without letting them replace the bearer", async () => {
    const { seen } = await callWith(okay, {
      ...postAddress,
      token: "tok_123",
      headers: { "Idempotency-Key": "key_12345678", authorization: "Bearer forged" },
    });
    expect(seen[0]?.headers.get("idempotency-key")).toBe("key_12345678");
    expect(seen[0]?.headers.get("authorization")).toBe("Bearer tok_123");
  });

  it("sends GET data as a query string: arrays comma-joined, empty values left out, no body", async () => {
    const query = asQuery({
      category: ["Women", "Kids"],
      size: [],
      search: "",
      min_price: null,
      max_price: undefined,
      page: 2,
      sort: "newest",
    });
    const { seen } = await callWith(okay, { send: (api) => api.public.products.$get({ query }) });
    expect(seen[0]?.path).toBe("/public/products?category=Women%2CKids&page=2&sort=newest");
    expect(seen[0]?.init.method).toBe("GET");
    expect(seen[0]?.init.body).toBeUndefined();
  });

  it("fills in the route's path parameters and leaves the path alone for GET without data", async () => {
    const detail = await callWith(okay, { send: (api) => api.public.products[":id"].$get({ param: { id: "5" }, query: {} }) });
    expect(detail.seen[0]?.path).toBe("/public/products/5");
    const { seen } = await callWith(okay, { send: (api) => api.public.products.$get({ query: asQuery({ search: "" }) }) });
    expect(seen[0]?.path).toBe("/public/products");
  });

  it("sends POST and PUT data as a JSON body", async () => {
    const posted = await callWith(okay, postAddress);
    const put = await callWith(okay, { send: (api) => api.public.addresses[":id"].$put({ param: { id: "3" }, json: newAddress }) });
    for (const [{ seen }, method, path] of [
      [posted, "POST", "/public/addresses"],
      [put, "PUT", "/public/addresses/3"],
    ] as const) {
      expect(seen[0]?.path).toBe(path);
      expect(seen[0]?.init.method).toBe(method);
      expect(seen[0]?.headers.get("content-type")).toBe("application/json");
      expect(JSON.parse(String(seen[0]?.init.body))).toEqual(newAddress);
    }
  });

  it("sends no body and no content type for a POST or DELETE without data", async () => {
    const posted = await callWith(okay, { send: (api) => api.public.auth.logout.$post() });
    const deleted = await callWith(okay, { send: (api) => api.public["recently-viewed"].$delete() });
    for (const { seen } of [posted, deleted]) {
      expect(seen[0]?.init.body).toBeUndefined();
      expect(seen[0]?.headers.has("content-type")).toBe(false);
    }
    expect(deleted.seen[0]?.init.method).toBe("DELETE");
  });

  it("forwards the shopper's address and user agent when known", async () => {
    const { transport, seen } = recordingTransport(okay);
    await createApiClient({ transport, clientIp: "203.0.113.9", userAgent: "Firefox/150" })(categories);
    await createApiClient({ transport })(categories);
    expect(seen[0]?.headers.get(API_HEADERS.clientIp)).toBe("203.0.113.9");
    expect(seen[0]?.headers.get(API_HEADERS.userAgent)).toBe("Firefox/150");
    expect(seen[1]?.headers.has(API_HEADERS.clientIp)).toBe(false);
    expect(seen[1]?.headers.has(API_HEADERS.userAgent)).toBe(false);
  });

  it("asks for JSON", async () => {
    const { seen } = await callWith(okay);
    expect(seen[0]?.headers.get("accept")).toBe("application/json");
  });
});

describe("contract client: checked answers and one outcome", () => {
  const productSchema = z.object({ id: z.number(), name: z.string() });
  const getProduct = (transport: ApiTransport) =>
    createApiClient({ transport })({
      send: (api) => api.public.products[":id"].$get({ param: { id: "1" }, query: {} }),
      schema: productSchema,
    });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("passes a remote answer whose data matches the call's schema, as the schema's data", async () => {
    const warn = vi.spyOn(logger, "warn");
    const { transport } = recordingTransport(json(200, { success: true, data: { id: 1, name: "Scarf", internal: "x" }, message: "OK" }));
    const result = await getProduct(transport);
    expect(result).toMatchObject({ ok: true, status: 200, message: "OK" });
    // Only what the contract names reaches the page.
    expect(result.ok && result.data).toEqual({ id: 1, name: "Scarf" });
    expect(warn).not.toHaveBeenCalled();
  });

  it("refuses a remote 2xx whose data does not match the call's schema with the unknown-error text, and logs where", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const { transport } = recordingTransport(json(200, { success: true, data: { id: "1" }, message: "OK" }));
    const result = await getProduct(transport);
    expect(result).toMatchObject({ ok: false, status: 200, message: MSG.helper.unknown, details: [], callerDecides: false });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]).toEqual([
      {
        method: "GET",
        endpoint: "/public/products/1",
        issues: [expect.objectContaining({ path: ["id"] }), expect.objectContaining({ path: ["name"] })],
      },
      "API answer does not match the contract",
    ]);
  });

  it("does not parse an in-process answer: this build's API answers are proved by its own tests", async () => {
    const warn = vi.spyOn(logger, "warn");
    const parse = vi.spyOn(productSchema, "safeParse");
    const { transport } = recordingTransport(json(200, { success: true, data: { id: "1" }, message: "OK" }), { remote: false });
    const result = await getProduct(transport);
    expect(result).toMatchObject({ ok: true, status: 200, data: { id: "1" } });
    expect(parse).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it("checks only successes: a remote failure keeps its row of the table", async () => {
    const { transport } = recordingTransport(json(500, errorEnvelope("INTERNAL_ERROR", "boom")));
    expect(await getProduct(transport)).toMatchObject({ ok: false, status: 500, message: MSG.helper.server });
  });

  it("refuses a 2xx JSON body that is not the envelope", async () => {
    const { result } = await callWith(json(200, { id: 1 }));
    expect(result).toMatchObject({ ok: false, status: 200, message: MSG.helper.unknown });
  });

  it("names the call in its log lines without secrets: the unsubscribe link's token is redacted", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const token = "0123456789abcdef0123456789abcdef";
    await callWith(() => Promise.reject(new TypeError("fetch failed")), {
      send: (api) => api.public.unsubscribe.$post({ query: { token } }),
    });
    expect(warn.mock.calls[0]?.[0]).toMatchObject({ method: "POST", endpoint: "/public/unsubscribe?token=[redacted]" });
    expect(JSON.stringify(warn.mock.calls)).not.toContain(token);
  });

  it("returns a row left to the caller as an outcome the caller decides", async () => {
    const { result } = await callWith(json(404, errorEnvelope("NOT_FOUND", "Product not found")));
    expect(result).toMatchObject({ ok: false, status: 404, code: "NOT_FOUND", message: "Product not found", callerDecides: true });
  });

  it("returns a mapped row with the table's message", async () => {
    const { result } = await callWith(json(500, errorEnvelope("INTERNAL_ERROR", "boom")));
    expect(result).toMatchObject({ ok: false, status: 500, message: MSG.helper.server, callerDecides: false });
  });
});

describe("apiFor: what the page cache learns of a render", () => {
  const ok = json(200, { success: true, data: [], message: "ok" });

  /** A request's client whose render the page cache may keep, and that render's notes. */
  function keptRender(respond: (path: string, init: RequestInit) => Promise<Response> | Response) {
    const context = routerContextWith(fakeTransport(respond));
    const render: PageRender = { calls: [], spoiled: false, keep: () => {} };
    context.set(requestInfoContext, { ...context.get(requestInfoContext), pageRender: render });
    return { api: apiFor(context), render };
  }

  it("notes the calls that count a view, for a kept page to make again", async () => {
    const { api, render } = keptRender(ok);
    const detail: ApiCall = {
      send: (client) => client.public.products[":id"].$get({ param: { id: "7" }, query: {} }),
      schema: anyData,
      countsView: true,
    };
    await api(categories);
    await api({
      send: (client) => client.public.products[":productId"].reviews.$get({ param: { productId: "7" }, query: {} }),
      schema: anyData,
    });
    await api(detail);
    expect(render).toMatchObject({ calls: [detail], spoiled: false });
  });

  it("marks the render spoiled when a call fails, whichever row", async () => {
    const failing = keptRender(json(500, errorEnvelope("INTERNAL_ERROR", "boom")));
    await failing.api(categories);
    expect(failing.render.spoiled).toBe(true);

    const missing = keptRender(json(404, errorEnvelope("NOT_FOUND", "No such product")));
    expect(await missing.api(categories)).toMatchObject({ ok: false, callerDecides: true });
    expect(missing.render.spoiled).toBe(true);
  });
});

describe("apiFor: a page learns that the API is unavailable", () => {
  const call = categories;

  it("notes a 503 or a call that got no answer in the request's context, and nothing else", async () => {
    const unavailable = routerContextWith(fakeTransport(json(503, errorEnvelope("SERVICE_UNAVAILABLE", "away"))));
    await apiFor(unavailable)(call);
    expect(unavailable.get(apiUnavailableContext)).toBe(true);

    const unanswered = routerContextWith(
      fakeTransport(() => {
        throw new TypeError("fetch failed");
      }),
    );
    await apiFor(unanswered)(call);
    expect(unanswered.get(apiUnavailableContext)).toBe(true);

    const failed = routerContextWith(fakeTransport(json(500, errorEnvelope("INTERNAL_ERROR", "boom"))));
    await apiFor(failed)(call);
    expect(failed.get(apiUnavailableContext)).toBe(false);
  });
});

describe("contract client: a call made again for its effect alone", () => {
  const productDetail: ApiCall = { send: (api) => api.public.products[":id"].$get({ param: { id: "7" }, query: {} }), schema: anyData };
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("sends the GET as HEAD with the shopper's headers and resolves with the status, reading no answer", async () => {
    const answers: Response[] = [];
    const { transport, seen } = recordingTransport(() => {
      const answer = Response.json({ success: true, data: { id: 7 }, message: "OK" });
      answers.push(answer);
      return answer;
    });
    const status = await createReplayClient({ transport, clientIp: "203.0.113.9", userAgent: "Firefox/150" })(productDetail);
    expect(status).toBe(200);
    expect(seen.map((request) => [request.init.method, request.path])).toEqual([["HEAD", "/public/products/7"]]);
    expect(seen[0]?.headers.get(API_HEADERS.clientIp)).toBe("203.0.113.9");
    expect(seen[0]?.headers.get(API_HEADERS.userAgent)).toBe("Firefox/150");
    expect(answers[0]?.bodyUsed).toBe(false);
  });

  it("resolves a refusal with its status, and no answer within the timeout with null, logged", async () => {
    const { transport: refusing } = recordingTransport(json(404, errorEnvelope("NOT_FOUND", "Product not found")));
    expect(await createReplayClient({ transport: refusing })(productDetail)).toBe(404);

    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const { transport: silent } = recordingTransport(() => new Promise<Response>(() => undefined));
    expect(await createReplayClient({ transport: silent, timeoutMs: 20 })(productDetail)).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ method: "HEAD", endpoint: "/public/products/7" }), "API call timed out");
  });
});
