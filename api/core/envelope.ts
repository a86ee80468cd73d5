import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Envelope, Pagination } from "#contract/envelope.ts";
import type { ApiError } from "./errors.ts";

export function ok<T>(c: Context, data: T, message = "OK", extra: { pagination?: Pagination; status?: ContentfulStatusCode } = {}) {
  const body: Envelope<T> = { success: true, data, message };
  if (extra.pagination) body.pagination = extra.pagination;
  return c.json(body, extra.status ?? 200);
}

export function errorBody(error: ApiError): Envelope<null> & Record<string, unknown> {
  return {
    success: false,
    data: null,
    message: error.message,
    ...error.extra,
    error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
  };
}

export function paginate(total: number, page: number, limit: number): Pagination {
  return { total, totalPages: Math.max(1, Math.ceil(total / limit)), page, limit };
}
