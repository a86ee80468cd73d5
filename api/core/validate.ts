import { zValidator } from "@hono/zod-validator";
import type { Env, MiddlewareHandler, ValidationTargets } from "hono";
import type { z } from "zod";
import { shopperIssueText } from "#contract/schemas/issue-texts.ts";
import { validationError } from "./errors.ts";

/**
 * zod validation for a request part; failure answers 400 VALIDATION_ERROR with one detail per issue, worded by
 * the schema or else by the catalogue (`shopperIssueText`), never zod's own words: the storefront shows these
 * details on its forms. zValidator's own parse has no place for the catalogue, so a failed value is parsed
 * again with it (failures only).
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  const validator = zValidator(target, schema, async (result) => {
    if (result.success) return;
    const worded = await schema.safeParseAsync(result.data, { error: shopperIssueText });
    const details = (worded.error ?? result.error).issues.map((issue) => ({
      path: issue.path.map(String).join(".") || target,
      message: issue.message,
    }));
    throw validationError(details[0]?.message ?? "Validation error", details);
  });
  // A JSON body may be sent as the schema reads it or as it leaves it (a storefront sends the values its own parse
  // of the same schema gave): the typed client (`hc`) takes either.
  return validator as Target extends "json" ? MiddlewareHandler<Env, string, JsonInput<T>> : typeof validator;
}

/** What a JSON body's validator declares: either side of the schema in, its output out. */
type JsonInput<T extends z.ZodType> = { in: { json: z.input<T> | z.output<T> }; out: { json: z.output<T> } };
