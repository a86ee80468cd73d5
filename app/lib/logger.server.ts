import pino from "pino";

/** The storefront's log: JSON lines on stdout like the API's, at LOG_LEVEL (checked at start-up by api/config.ts). */
export const logger = pino({ level: process.env.LOG_LEVEL ?? "info" });

/** An error as one short line (message and cause), for warnings that need no stack. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}
