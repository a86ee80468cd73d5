import { z } from "zod";
import { parseSettings } from "#contract/settings.ts";

/** Storefront configuration from the environment; see README "Configuration". */
const schema = z.object({
  NODE_ENV: z.string().default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  TRUST_PROXY: z.string().optional(),
  /**
   * The origin shoppers and crawlers reach the shop at (scheme, host, port): every absolute URL the shop writes
   * (canonical, Open Graph, the sitemap, robots.txt) is built from it, never from a request's Host. Unset:
   * `publicOrigin` falls back to this machine.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "PUBLIC_URL must be an http:// or https:// URL, such as https://shop.example.com" })
    .refine((value) => {
      // Refinements run after a failed format check too: that value is already reported.
      if (!URL.canParse(value)) return true;
      const url = new URL(value);
      return url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
    }, "PUBLIC_URL must be an origin only (scheme, host and port), without a path, query or credentials")
    .transform((value) => new URL(value).origin)
    .optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  /** Cookies marked Secure: "auto" (when the request arrived over HTTPS), "always" or "never". */
  COOKIE_SECURE: z.enum(["auto", "always", "never"]).default("auto"),
  API_BASE_URL: z.url().optional(),
  API_INTERNAL_SECRET: z.string().min(16).optional(),
  EXCHANGE_RATES_URL: z.url().optional(),
});

export type StorefrontConfig = z.infer<typeof schema>;

/** The origin absolute URLs are built from: PUBLIC_URL, else this machine on PORT (a shop tried out locally needs no setting). */
export const publicOrigin = (config: Pick<StorefrontConfig, "PUBLIC_URL" | "PORT">): string =>
  config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;

export const readStorefrontConfig = (env: NodeJS.ProcessEnv = process.env): StorefrontConfig => parseSettings(schema, env);
