import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorCode, ErrorDetail } from "#contract/envelope.ts";

/** A failure the API answers on purpose: its status, code and message reach the client as the error envelope. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: ErrorCode;
  readonly details?: ErrorDetail[];
  /** Extra top-level envelope fields, such as `needsVerification` on a 401. */
  readonly extra?: Record<string, unknown>;

  constructor(
    status: ContentfulStatusCode,
    code: ErrorCode,
    message: string,
    options: { details?: ErrorDetail[]; extra?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = options.details;
    this.extra = options.extra;
  }
}

export const badRequest = (message: string) => new ApiError(400, "BAD_REQUEST", message);
export const unauthorized = (message: string) => new ApiError(401, "UNAUTHORIZED", message);
export const forbidden = (message: string) => new ApiError(403, "FORBIDDEN", message);
export const notFound = (message: string) => new ApiError(404, "NOT_FOUND", message);
export const conflict = (message: string) => new ApiError(409, "CONFLICT", message);
export const validationError = (message: string, details: ErrorDetail[]) => new ApiError(400, "VALIDATION_ERROR", message, { details });
