import { z } from "zod";

/** Backend configuration from the environment, parsed once; see README "Configuration". */
const schema = z.object({
  DATABASE_URL: z.string().optional(),
  API_INTERNAL_SECRET: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_DEMO: z.enum(["auto", "never"]).default("auto"),
});

export type BackendConfig = z.infer<typeof schema>;

export const readBackendConfig = (env: NodeJS.ProcessEnv = process.env): BackendConfig => schema.parse(env);
