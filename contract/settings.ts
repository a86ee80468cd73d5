import type { z } from "zod";

/** One environment variable that failed its check, and why. */
export interface SettingProblem {
  variable: string;
  reason: string;
}

/** Thrown when the environment holds an invalid setting; names each variable instead of dumping a schema error. */
export class InvalidSettingsError extends Error {
  readonly problems: SettingProblem[];

  constructor(problems: SettingProblem[]) {
    super(problems.map(({ variable, reason }) => `${variable}: ${reason}`).join("; "));
    this.name = "InvalidSettingsError";
    this.problems = problems;
  }
}

/** Parses the environment with `schema`; an invalid value throws InvalidSettingsError naming the variable. */
export function parseSettings<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new InvalidSettingsError(result.error.issues.map((issue) => ({ variable: issue.path.join("."), reason: issue.message })));
}
