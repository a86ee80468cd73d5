import type { ApiTransport } from "#app/lib/api-transport.server.ts";

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
