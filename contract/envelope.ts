/** The one response envelope of every API answer, and the error codes and details it can carry. */

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
  | "INTERNAL_ERROR";

/** One refused field: its dotted path in the request and the message to show beside it. */
export interface ErrorDetail {
  path: string;
  message: string;
}

export interface Pagination {
  total: number;
  totalPages: number;
  page: number;
  limit: number;
}

export interface Envelope<T> {
  success: boolean;
  data: T;
  message: string;
  pagination?: Pagination;
  error?: { code: ErrorCode; message: string; details?: ErrorDetail[] };
}
