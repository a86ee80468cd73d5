/** The one response envelope of every API answer, and the error codes and details it can carry. */
import { z } from "zod";

export type ErrorCode =
  | "VALIDATION_ERROR"
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "TOO_MANY_REQUESTS"
  | "PAYMENT_DECLINED"
  | "OUT_OF_STOCK"
  | "IDEMPOTENCY_KEY_REUSED"
  | "INTERNAL_ERROR"
  | "SERVICE_UNAVAILABLE";

/** One refused field: its dotted path in the request and the message to show beside it. */
export interface ErrorDetail {
  path: string;
  message: string;
}

export const paginationSchema = z.object({ total: z.int(), totalPages: z.int(), page: z.int(), limit: z.int() });

export type Pagination = z.infer<typeof paginationSchema>;

export interface Envelope<T> {
  success: boolean;
  data: T;
  message: string;
  pagination?: Pagination;
  error?: { code: ErrorCode; message: string; details?: ErrorDetail[] };
}

/**
 * The envelope as a client checks it on arrival: an answer that does not have this shape is not the API's.
 * Extra top-level fields (`needsVerification`, `retryAfterSeconds`) pass through.
 */
export const envelopeSchema = z.looseObject({
  success: z.boolean(),
  data: z.unknown(),
  message: z.string(),
  pagination: paginationSchema.optional(),
  error: z
    .object({
      code: z.string(),
      message: z.string(),
      details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    })
    .optional(),
});
