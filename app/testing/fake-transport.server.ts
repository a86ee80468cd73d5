import { RouterContextProvider } from "react-router";
import type { ApiTransport } from "#app/api-client/api-transport.server.ts";
import { requestInfoContext } from "#app/lib/request-context.ts";

/**
 * A stand-in for the commerce API in storefront tests: `answer` responds to each request. In-process unless told
 * otherwise, as the shop runs by default, so the client does not check its answers against response schemas.
 */
export function fakeTransport(
  answer: (path: string, init: RequestInit) => Promise<Response> | Response,
  { remote = false }: { remote?: boolean } = {},
): ApiTransport {
  return Object.assign(async (path: string, init: RequestInit) => answer(path, init), { remote });
}

/** A router context as server.ts builds one per request, reaching the API through `transport`. */
export function routerContextWith(transport: ApiTransport, clientIp = "127.0.0.1") {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, {
    publicOrigin: "http://shop.test",
    formActionOrigins: [],
    atPublicOrigin: true,
    clientIp,
    userAgent: "test",
    transport,
  });
  return context;
}
