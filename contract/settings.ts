import type { z } from "zod";

/** The values LOG_LEVEL may take: pino's levels and `silent`. */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

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

/**
 * Runs every reader (one per group of settings: the API's, the storefront's) and answers their results in order, or
 * throws one InvalidSettingsError naming every problem of every group, so an operator fixes them all at once; a
 * variable two groups share is named once.
 */
export function readSettingGroups<T extends unknown[]>(...readers: { [K in keyof T]: () => T[K] }): T {
  const results: unknown[] = [];
  const problems = new Map<string, SettingProblem>();
  for (const read of readers) {
    try {
      results.push(read());
    } catch (error) {
      if (!(error instanceof InvalidSettingsError)) throw error;
      for (const problem of error.problems) problems.set(`${problem.variable}\0${problem.reason}`, problem);
    }
  }
  if (problems.size > 0) throw new InvalidSettingsError([...problems.values()]);
  return results as T;
}
