import type { Api } from "#api/app.ts";
import { API_HEADERS } from "#contract/constants.ts";

/** Sends one request to the commerce API; `path` starts after `/api` (for example `/public/categories`). */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

/** Calls the Hono app in this process: no socket, the same Request/Response path as HTTP. */
export function inProcessTransport(api: Pick<Api, "fetch">): ApiTransport {
  return async (path, init) => api.fetch(new Request(`http://internal/api${path}`, init), { inProcess: true });
}

/** Calls a commerce API over HTTP at `baseUrl` (which includes `/api`), proving the shared secret when given. */
export function httpTransport(baseUrl: string, internalSecret?: string): ApiTransport {
  const base = baseUrl.replace(/\/+$/, "");
  return (path, init) => {
    const headers = new Headers(init.headers);
    if (internalSecret) headers.set(API_HEADERS.internalSecret, internalSecret);
    return fetch(`${base}${path}`, { ...init, headers });
  };
}
