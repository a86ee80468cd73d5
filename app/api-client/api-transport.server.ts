import type { Api } from "#api/app.ts";
import { API_HEADERS } from "#contract/constants.ts";

/** Sends one request to the commerce API; `path` starts after `/api` (for example `/public/categories`). */
export interface ApiTransport {
  (path: string, init: RequestInit): Promise<Response>;
  /**
   * The answers come from another process, which may run another build of the API: the client checks each
   * against the contract's response schema. In-process answers come from this build, which the API's tests prove.
   */
  readonly remote: boolean;
}

/**
 * Calls the Hono app in this process: no socket, the same Request/Response path as HTTP. Catalogue reads are kept
 * by the API (its read cache) and whole pages by the page cache, not here.
 */
export function inProcessTransport(api: Pick<Api, "fetch">): ApiTransport {
  const send = async (path: string, init: RequestInit) => api.fetch(new Request(`http://internal/api${path}`, init), { inProcess: true });
  return Object.assign(send, { remote: false });
}

/** Calls a commerce API over HTTP at `baseUrl` (which includes `/api`), proving the shared secret when given. */
export function httpTransport(baseUrl: string, internalSecret?: string): ApiTransport {
  const base = baseUrl.replace(/\/+$/, "");
  const send = (path: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    if (internalSecret) headers.set(API_HEADERS.internalSecret, internalSecret);
    return fetch(`${base}${path}`, { ...init, headers });
  };
  return Object.assign(send, { remote: true });
}
