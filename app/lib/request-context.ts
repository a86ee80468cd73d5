import { createContext } from "react-router";
import type { Refusal } from "../../server/request-guard.server.ts";
import type { ApiCall } from "../api-client/api-call.ts";
import type { ApiTransport } from "../api-client/api-transport.server.ts";

/** What the server's page cache learns of a render it may keep. */
export interface PageRender {
  /** The render's API calls that count a view (a product's detail): a kept copy makes them again. */
  calls: ApiCall[];
  /** An API call failed or the render failed: the page shows a failure, so it is not kept. */
  spoiled: boolean;
  /** Hands the finished document to the page cache, which keeps it if it is a shared 200 of a current catalogue. */
  keep(status: number, headers: Headers, body: Buffer): void;
}

/** Per-request facts the Express server hands to loaders and actions. */
export interface RequestInfo {
  /** The origin every absolute URL is built from (PUBLIC_URL): a request's Host is the client's to choose. */
  publicOrigin: string;
  /**
   * Whether the request names PUBLIC_URL's host (its Host, or X-Forwarded-Host under TRUST_PROXY). Answers to
   * any other host are never offered to shared caches.
   */
  atPublicOrigin: boolean;
  /** The shopper's address as Express sees it (honours TRUST_PROXY). */
  clientIp: string;
  userAgent: string;
  /** Origins besides this one that the page's forms may post to (a hosted payment page): the CSP's form-action. */
  formActionOrigins: readonly string[];
  /** How this request reaches the commerce API. */
  transport: ApiTransport;
  /** Present when the page may be kept by the server's page cache (`page-cache.server.ts`). */
  pageRender?: PageRender;
  /** Set when the server refused the request before routing; the root route throws it. */
  refusal?: Refusal;
}

export const requestInfoContext = createContext<RequestInfo>();

/**
 * Set when an API call of this request found the API unavailable (503: its database is away; or no answer in
 * time): the page shows the failure texts and answers 503, which no cache keeps, instead of a public 200.
 */
export const apiUnavailableContext = createContext<boolean>(false);
