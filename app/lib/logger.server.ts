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

/** A query parameter named as a secret: the unsubscribe link's `token`, a reset or verification `code`, any token, secret, password or signature. */
const SECRET_PARAM_NAME = String.raw`[\w.-]{0,40}(?:token|secret|password|code|otp|signature)[\w.-]{0,40}`;
/** A parameter's start (`?`, `&`) and its `=`, plain or percent-encoded once or twice (a URL inside a `redirectTo`). */
const SECRET_PARAM = new RegExp(
  String.raw`((?:[?&]|%(?:25)?3F|%(?:25)?26)${SECRET_PARAM_NAME}(?:=|%(?:25)?3D))(?:(?!%(?:25)?26)[^&#\s"\\])*`,
  "gi",
);

/** A URL (or a path with its query) as a log line may carry it: the value of every secret parameter replaced. */
export const withoutSecretParams = (url: string) => url.replace(SECRET_PARAM, "$1[redacted]");
