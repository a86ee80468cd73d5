import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { API_HEADERS } from "#contract/constants.ts";
import { type Envelope, type ErrorDetail, envelopeSchema, type Pagination } from "#contract/envelope.ts";
import { MSG } from "#contract/messages.ts";
import type { ApiTransport } from "./api-transport.server.ts";
import { TIMING_MS } from "./constants.ts";
import { describeError, logger, withoutSecretParams } from "./logger.server.ts";
import { apiUnavailableContext, requestInfoContext } from "./request-context.ts";

/**
 * The contract client: one helper (method, endpoint, data, token) with the storefront's failure table.
 * Every loader and action reaches the commerce API through it; `callApi` turns its answer into one outcome.
 */
export type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface ApiCall<T = unknown> {
  method: Method;
  /** Path after `/api`, for example `/public/products`. */
  endpoint: string;
  data?: unknown;
  token?: string | null;
  /** Extra request headers, such as the payment's `Idempotency-Key`. */
  headers?: Record<string, string>;
  /**
   * The contract's schema of a successful answer's `data` (from `responses.server.ts`). Over a remote transport
   * an answer that does not match it is refused; in-process answers are this build's, proved by the API's tests.
   */
  schema: z.ZodType<T>;
  /** The call counts a product's view: a page kept by the server makes it again for each visitor it answers. */
  countsView?: true;
}

/** A body as the API sends it: the envelope plus any top-level extras (such as `needsVerification`). */
export type ApiBody<T> = Envelope<T> & Record<string, unknown>;

export type ApiResult<T> =
  | { success: true; status: number; data: T; message: string; pagination?: Pagination; body: ApiBody<T> }
  | {
      success: false;
      status: number | null;
      /** The table's message for this row. */
      message: string;
      /** What the server said, for screens whose own fallback rules apply (such as a refused sign-in). */
      serverMessage?: string;
      code?: string;
      details?: ErrorDetail[];
      /** A 429's wait, for the storefront's own Retry-After. */
      retryAfterSeconds?: number;
    };

/** The rows of the failure table that the client rethrows: the caller decides what they mean. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly details: ErrorDetail[];
  readonly body: ApiBody<unknown>;

  constructor(status: number, body: ApiBody<unknown>) {
    super(body.error?.message ?? body.message ?? MSG.helper.unknown);
    this.status = status;
    this.code = body.error?.code;
    this.details = body.error?.details ?? [];
    this.body = body;
  }
}

export interface ClientOptions {
  transport: ApiTransport;
  clientIp?: string;
  userAgent?: string;
  timeoutMs?: number;
}

export type ApiClient = <T>(call: ApiCall<T>) => Promise<ApiResult<T>>;

export function createApiClient(options: ClientOptions): ApiClient {
  const timeoutMs = options.timeoutMs ?? TIMING_MS.apiTimeout;
  return async <T>({ method, endpoint, data, token, headers: extra, schema }: ApiCall<T>): Promise<ApiResult<T>> => {
    const headers = new Headers({ ...extra, accept: "application/json" });
    if (token) headers.set("authorization", `Bearer ${token}`);
    if (options.clientIp) headers.set(API_HEADERS.clientIp, options.clientIp);
    if (options.userAgent) headers.set(API_HEADERS.userAgent, options.userAgent);
    let path = endpoint;
    let body: string | undefined;
    if (method === "GET") {
      const query = toQueryString(data);
      path += query && endpoint.includes("?") ? `&${query.slice(1)}` : query;
    } else if (data !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(data);
    }

    /** The call as a log line names it: the endpoint without secrets (an unsubscribe token). */
    const loggedCall = () => ({ method, endpoint: withoutSecretParams(endpoint) });
    const signal = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      // Raced against the signal too: the in-process transport cannot abort a handler that hangs.
      response = await untilAborted(options.transport(path, { method, headers, body, signal }), signal);
    } catch (error) {
      logger.warn({ ...loggedCall(), err: describeError(error) }, signal.aborted ? "API call timed out" : "API call got no answer");
      return failure(null, signal.aborted ? MSG.helper.networkOrTimeout : MSG.helper.noResponse);
    }

    let parsed: unknown;
    try {
      parsed = await untilAborted(response.json(), signal);
    } catch (error) {
      if (signal.aborted) return failure(response.status, MSG.helper.networkOrTimeout);
      logger.warn({ ...loggedCall(), status: response.status, err: describeError(error) }, "API answer is not JSON");
      parsed = undefined;
    }
    const envelope = envelopeSchema.safeParse(parsed);
    if (!envelope.success) {
      // Not the envelope: a success we cannot read is "anything else"; a failure keeps its status row.
      logger.warn({ ...loggedCall(), status: response.status }, "API answer is not the envelope");
      if (response.ok) return failure(response.status, MSG.helper.unknown);
      return mapResponse(response.status, {} as ApiBody<T>);
    }
    const answer = envelope.data as ApiBody<T>;
    if (response.ok && options.transport.remote) {
      const checked = schema.safeParse(answer.data);
      if (!checked.success) {
        logger.warn({ ...loggedCall(), issues: checked.error.issues.slice(0, 3) }, "API answer does not match the contract");
        return failure(response.status, MSG.helper.unknown);
      }
      answer.data = checked.data;
    }
    return mapResponse(response.status, answer);
  };
}

/** The storefront's failure table, row by row. */
function mapResponse<T>(status: number, body: ApiBody<T>): ApiResult<T> {
  if (status >= 200 && status < 300) {
    return { success: true, status, data: body.data, message: body.message, pagination: body.pagination, body };
  }
  const serverMessage = body.error?.message ?? body.message;
  switch (status) {
    case 400:
      if (body.error?.code === "VALIDATION_ERROR") throw new ApiRequestError(status, body);
      return failure(status, serverMessage || MSG.helper.validation, body.error?.code, body.error?.details);
    case 401:
      if (body.needsVerification) throw new ApiRequestError(status, body);
      return { ...failure(status, MSG.helper.unauthorized, body.error?.code), serverMessage: serverMessage || undefined };
    case 404:
    case 409:
      throw new ApiRequestError(status, body);
    case 429:
      // A rate limit is not a network error, so its own message shows (decision 0002).
      return {
        ...failure(status, serverMessage || MSG.api.tooManyRequests, body.error?.code),
        retryAfterSeconds: typeof body.retryAfterSeconds === "number" ? body.retryAfterSeconds : undefined,
      };
    case 500:
      return failure(status, MSG.helper.server, body.error?.code);
    default:
      return failure(status, MSG.helper.networkOrTimeout, body.error?.code);
  }
}

/** Settles with `promise`, or rejects as soon as `signal` aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

function failure(status: number | null, message: string, code?: string, details?: ErrorDetail[]) {
  return { success: false as const, status, message, code, details };
}

/** One failed call, whichever row of the table it fell in. */
export interface ApiFailure {
  ok: false;
  status: number | null;
  /** The table's message; for the rows left to the caller, the server's own words. */
  message: string;
  /** What the server said where the table put its generic text (a plain 401). */
  serverMessage?: string;
  code?: string;
  details: ErrorDetail[];
  /** The error's whole body, for callers that read extras (login's `needsVerification`). */
  body: ApiBody<unknown>;
  retryAfterSeconds?: number;
  /** A row the table leaves to the caller: 400 VALIDATION_ERROR, 401 needsVerification, 404, 409. */
  callerDecides: boolean;
}

export type ApiOutcome<T> = { ok: true; status: number; data: T; message: string; pagination?: Pagination; body: ApiBody<T> } | ApiFailure;

/**
 * The one way the storefront calls the API: every row of the failure table, rethrown or mapped, comes back as
 * an outcome. Only a fault in the storefront itself still throws.
 */
export async function callApi<T>(api: ApiClient, call: ApiCall<T>): Promise<ApiOutcome<T>> {
  try {
    const result = await api<T>(call);
    if (result.success) return { ...result, ok: true };
    const { success: _, details, ...rest } = result;
    return { ...rest, ok: false, details: details ?? [], body: {} as ApiBody<unknown>, callerDecides: false };
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    return {
      ok: false,
      status: error.status,
      message: error.message,
      code: error.code,
      details: error.details,
      body: error.body,
      callerDecides: true,
    };
  }
}

/** GET data as a query string; arrays are comma-joined (the contract's filter format), empty values are left out. */
export function toQueryString(data: unknown): string {
  if (!data || typeof data !== "object") return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) {
      if (value.length) params.set(key, value.join(","));
    } else {
      params.set(key, String(value));
    }
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** An answer that says the API cannot serve now: 503 (its database is away) or none at all. */
const isUnavailable = (result: ApiResult<unknown>) => !result.success && (result.status === 503 || result.status === null);

/**
 * The client for one storefront request, forwarding the shopper's address and agent. It notes a call that found
 * the API unavailable in the request's context (`apiUnavailableContext`: the page answers 503). When the page may
 * be kept (`pageRender`), it also notes each call that counts a view, for the kept page to make again, and any
 * call that fails, so that a page showing a failure is not kept.
 */
export function apiFor(context: Readonly<RouterContextProvider>): ApiClient {
  const info = context.get(requestInfoContext);
  const client = createApiClient({ transport: info.transport, clientIp: info.clientIp, userAgent: info.userAgent });
  const render = info.pageRender;
  const spoil = () => {
    if (render) render.spoiled = true;
  };
  return (call) => {
    if (call.countsView) render?.calls.push(call);
    const answer = client(call);
    answer.then((result) => {
      if (isUnavailable(result)) context.set(apiUnavailableContext, true);
      if (!result.success) spoil();
    }, spoil);
    return answer;
  };
}
