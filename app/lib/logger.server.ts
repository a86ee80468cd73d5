import pino from "pino";
import { LOG_LEVELS } from "#contract/settings.ts";

const level = process.env.LOG_LEVEL ?? "info";
/**
 * The storefront's log: JSON lines on stdout like the API's, at LOG_LEVEL. This module is loaded before the settings
 * are checked; an unknown level logs at `info` here rather than throw, and the start then refuses it in its fatal line.
 */
export const logger = pino({ level: (LOG_LEVELS as readonly string[]).includes(level) ? level : "info" });

/** An error as one short line (message and cause), for warnings that need no stack. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}
