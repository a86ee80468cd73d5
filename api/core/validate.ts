import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import { validationError } from "./errors.ts";

/** zod validation for a request part; failure answers 400 VALIDATION_ERROR with one detail per issue. */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const details = result.error.issues.map((issue) => ({
        path: issue.path.map(String).join(".") || target,
        message: issue.message,
      }));
      throw validationError(details[0]?.message ?? "Validation error", details);
    }
  });
}
