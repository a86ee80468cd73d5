import { hc } from "hono/client";
import type { RouterContextProvider } from "react-router";
import type { Api } from "#api/app.ts";
import { API_HEADERS } from "#contract/constants.ts";
import { type Envelope, type ErrorDetail, envelopeSchema, type Pagination } from "#contract/envelope.ts";
import { MSG } from "#contract/messages.ts";
import { TIMING_MS } from "../lib/constants.ts";
import { describeError, logger, withoutSecretParams } from "../lib/logger.server.ts";
import { apiUnavailableContext, requestInfoContext } from "../lib/request-context.ts";
import type { ApiCall, DataOf } from "./api-call.ts";
import type { ApiTransport } from "./api-transport.server.ts";

/** A body as the API sends it: the envelope plus any top-level extras (such as `needsVerification`). */
export type ApiBody<T> = Envelope<T> & Record<string, unknown>;

/** One failed call, whichever row of the failure table it fell in. */
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
  /** A 429's wait, for the storefront's own Retry-After. */
  retryAfterSeconds?: number;
  /** A row the table leaves to the caller: 400 VALIDATION_ERROR, 401 needsVerification, 404, 409. */
  callerDecides: boolean;
}

export type ApiOutcome<T> = { ok: true; status: number; data: T; message: string; pagination?: Pagination; body: ApiBody<T> } | ApiFailure;

/** Every row of the failure table comes back as an outcome; only a fault in the storefront itself throws. */
export type ApiClient = <R>(call: ApiCall<R>) => Promise<ApiOutcome<DataOf<R>>>;

export interface ClientOptions {
  transport: ApiTransport;
  clientIp?: string;
  userAgent?: string;
  timeoutMs?: number;
}

/** The origin `hc` builds URLs on; the transport takes the path after `/api`. */
const BASE = "http://internal";
const PREFIX = `${BASE}/api`;

/**
 * The typed client for one call, with the shopper's headers and the timeout's signal; `method` overrides the
 * call's own (a replay's HEAD). `sent` names the call for log lines once it is made.
 */
function prepare(options: ClientOptions, { token, headers: extra }: Pick<ApiCall, "token" | "headers">, method?: "HEAD") {
  const headers: Record<string, string> = { ...extra, accept: "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.clientIp) headers[API_HEADERS.clientIp] = options.clientIp;
  if (options.userAgent) headers[API_HEADERS.userAgent] = options.userAgent;
  const signal = AbortSignal.timeout(options.timeoutMs ?? TIMING_MS.apiTimeout);
  /** The call as a log line names it: method and path without secrets (an unsubscribe token). */
  const sent = { method: "GET", endpoint: "" };
  const api = hc<Api>(BASE, {
    headers,
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).slice(PREFIX.length);
      sent.method = method ?? init?.method ?? "GET";
      sent.endpoint = withoutSecretParams(path);
      return options.transport(path, { ...init, ...(method ? { method } : {}), signal });
    },
  }).api;
  return { api, signal, sent };
}

const logNoAnswer = (sent: { method: string; endpoint: string }, signal: AbortSignal, error: unknown) =>
  logger.warn({ ...sent, err: describeError(error) }, signal.aborted ? "API call timed out" : "API call got no answer");

export function createApiClient(options: ClientOptions): ApiClient {
  return async <R>(call: ApiCall<R>): Promise<ApiOutcome<DataOf<R>>> => {
    const { api: client, signal, sent } = prepare(options, call);
    const { send, schema } = call;
    let response: Response;
    try {
      // Raced against the signal too: the in-process transport cannot abort a handler that hangs.
      response = (await untilAborted(send(client), signal)) as Response;
    } catch (error) {
      logNoAnswer(sent, signal, error);
      return failure(null, signal.aborted ? MSG.helper.networkOrTimeout : MSG.helper.noResponse);
    }

    let parsed: unknown;
    try {
      parsed = await untilAborted(response.json(), signal);
    } catch (error) {
      if (signal.aborted) return failure(response.status, MSG.helper.networkOrTimeout);
      logger.warn({ ...sent, status: response.status, err: describeError(error) }, "API answer is not JSON");
    }
    const envelope = envelopeSchema.safeParse(parsed);
    if (!envelope.success) {
      // Not the envelope: a success we cannot read is "anything else"; a failure keeps its status row.
      logger.warn({ ...sent, status: response.status }, "API answer is not the envelope");
      return response.ok ? failure(response.status, MSG.helper.unknown) : failureRow(response.status, {} as ApiBody<unknown>);
    }
    const body = envelope.data as ApiBody<DataOf<R>>;
    if (!response.ok) return failureRow(response.status, body);
    if (options.transport.remote) {
      const checked = schema.safeParse(body.data);
      if (!checked.success) {
        logger.warn({ ...sent, issues: checked.error.issues.slice(0, 3) }, "API answer does not match the contract");
        return failure(response.status, MSG.helper.unknown);
      }
      body.data = checked.data as DataOf<R>;
    }
    return { ok: true, status: response.status, data: body.data, message: body.message, pagination: body.pagination, body };
  };
}

/**
 * Makes a GET call again for its effect alone (a kept page's view count): sent as HEAD, which the API answers as
 * the GET without its body, so no answer is read or parsed. Resolves with the answer's status, or null when none came.
 */
export function createReplayClient(options: ClientOptions): (call: ApiCall) => Promise<number | null> {
  return async (call) => {
    const { api, signal, sent } = prepare(options, call, "HEAD");
    try {
      return ((await untilAborted(call.send(api), signal)) as Response).status;
    } catch (error) {
      logNoAnswer(sent, signal, error);
      return null;
    }
  };
}

/** The storefront's failure table, row by row. */
function failureRow(status: number, body: ApiBody<unknown>): ApiFailure {
  const serverMessage = body.error?.message ?? body.message;
  const code = body.error?.code;
  const details = body.error?.details ?? [];
  const callerDecides = () => ({ ...failure(status, serverMessage || MSG.helper.unknown, code, details), body, callerDecides: true });
  switch (status) {
    case 400:
      if (code === "VALIDATION_ERROR") return callerDecides();
      return failure(status, serverMessage || MSG.helper.validation, code, details);
    case 401:
      if (body.needsVerification) return callerDecides();
      return { ...failure(status, MSG.helper.unauthorized, code), serverMessage: serverMessage || undefined };
    case 404:
    case 409:
      return callerDecides();
    case 429:
      // A rate limit is not a network error, so its own message shows (decision 0002).
      return {
        ...failure(status, serverMessage || MSG.api.tooManyRequests, code),
        retryAfterSeconds: typeof body.retryAfterSeconds === "number" ? body.retryAfterSeconds : undefined,
      };
    case 500:
      return failure(status, MSG.helper.server, code);
    default:
      return failure(status, MSG.helper.networkOrTimeout, code);
  }
}

function failure(status: number | null, message: string, code?: string, details: ErrorDetail[] = []): ApiFailure {
  return { ok: false, status, message, code, details, body: {} as ApiBody<unknown>, callerDecides: false };
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

/**
 * A query as the typed client takes it (strings) and the contract reads it: numbers and booleans written out, arrays
 * comma-joined (its filter format), empty values left out.
 */
export function asQuery<T extends object>(data: T): { [K in keyof T]: string } {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) {
    const text = Array.isArray(value) ? value.join(",") : value === undefined || value === null ? "" : String(value);
    if (text !== "") query[key] = text;
  }
  return query as { [K in keyof T]: string };
}

/** A body the API alone checks (a form's raw values, an uploaded file): its validator words what is wrong. */
export const unchecked = (body: unknown) => body as never;

/** An answer that says the API cannot serve now: 503 (its database is away) or none at all. */
const isUnavailable = (outcome: ApiOutcome<unknown>) => !outcome.ok && (outcome.status === 503 || outcome.status === null);

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
    if (call.countsView) render?.calls.push(call as ApiCall);
    const answer = client(call);
    answer.then((outcome) => {
      if (isUnavailable(outcome)) context.set(apiUnavailableContext, true);
      if (!outcome.ok) spoil();
    }, spoil);
    return answer;
  };
}
