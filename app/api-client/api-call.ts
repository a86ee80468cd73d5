import type { ClientResponse, hc } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import type { Api } from "#api/app.ts";

/**
 * The storefront's API client: Hono's typed client (`hc`) over the API's own routes, so a call's path, input and
 * answer are typed from the route and its validators, plus what the storefront adds: the failure table, the
 * timeout, the shopper's forwarded address and agent, and the contract's check of a remote answer.
 */
export type ApiRoutes = ReturnType<typeof hc<Api>>["api"];

/** The `data` of a route's successful answer, as its handler passes it to `ok(c, data)`. */
export type DataOf<R> =
  R extends ClientResponse<infer B, infer S, "json">
    ? S extends SuccessStatusCode
      ? B extends { data: infer D }
        ? D
        : never
      : never
    : never;

export interface ApiCall<R = ClientResponse<unknown>> {
  /** The request, made with the typed client: `(api) => api.public.products[":id"].$get({ param: { id } })`. */
  send: (api: ApiRoutes) => Promise<R>;
  token?: string | null;
  /** Extra request headers, such as the payment's `Idempotency-Key`. */
  headers?: Record<string, string>;
  /**
   * The contract's schema of a successful answer's `data` (from `responses.server.ts`). Over a remote transport
   * an answer that does not match it is refused; in-process answers are this build's, proved by the API's tests.
   */
  schema: z.ZodType;
  /** The call counts a product's view: a page kept by the server makes it again for each visitor it answers. */
  countsView?: true;
}
