import { z } from "zod";
import { parseSettings } from "#contract/settings.ts";

/** Storefront configuration from the environment; see README "Configuration". */
const schema = z.object({
  NODE_ENV: z.string().default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  TRUST_PROXY: z.string().optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  /** Cookies marked Secure: "auto" (when the request arrived over HTTPS), "always" or "never". */
  COOKIE_SECURE: z.enum(["auto", "always", "never"]).default("auto"),
  API_BASE_URL: z.url().optional(),
  API_INTERNAL_SECRET: z.string().min(16).optional(),
});

export type StorefrontConfig = z.infer<typeof schema>;

export const readStorefrontConfig = (env: NodeJS.ProcessEnv = process.env): StorefrontConfig => parseSettings(schema, env);
