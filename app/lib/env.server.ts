import { z } from "zod";
import { parseSettings } from "#contract/settings.ts";

/**
 * SESSION_SECRET: one secret, or several separated by commas, newest first. The first signs cookies and every one
 * verifies them, so a new secret takes over while cookies signed with an older one are still read. Each secret is
 * at least 32 characters; a problem names the secret by position, never by value.
 */
const cookieSecrets = z.string().transform((value, context) => {
  const secrets = value.split(",").map((secret) => secret.trim());
  for (const [index, secret] of secrets.entries()) {
    if (secret.length >= 32) continue;
    const which = secrets.length === 1 ? "the secret" : `secret ${index + 1} of ${secrets.length} (comma-separated, newest first)`;
    context.addIssue({ code: "custom", input: value, message: `${which} has ${secret.length} characters; each needs at least 32` });
  }
  return secrets;
});

/** Storefront configuration from the environment; see README "Configuration". */
const schema = z.object({
  NODE_ENV: z.string().default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  TRUST_PROXY: z.string().optional(),
  SESSION_SECRET: cookieSecrets.optional(),
  /** Cookies marked Secure: "auto" (when the request arrived over HTTPS), "always" or "never". */
  COOKIE_SECURE: z.enum(["auto", "always", "never"]).default("auto"),
  API_BASE_URL: z.url().optional(),
  API_INTERNAL_SECRET: z.string().min(16).optional(),
  EXCHANGE_RATES_URL: z.url().optional(),
});

export type StorefrontConfig = z.infer<typeof schema>;

export const readStorefrontConfig = (env: NodeJS.ProcessEnv = process.env): StorefrontConfig => parseSettings(schema, env);
