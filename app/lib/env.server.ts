import { isIP } from "node:net";
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

/** An entry of Express's trusted-proxy list: a name it knows, an address, or a subnet (`10.0.0.0/8`, `10.0.0.0/255.0.0.0`). */
const isProxyEntry = (entry: string) => {
  if (["loopback", "linklocal", "uniquelocal"].includes(entry)) return true;
  const [address = "", range, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return range === undefined || (/^\d+$/.test(range) && Number(range) <= (family === 4 ? 32 : 128)) || isIP(range) === family;
};

/**
 * TRUST_PROXY as Express's "trust proxy" takes it: `true`/`false`, a hop count, or a comma-separated list of
 * addresses, subnets and names. Checked here, since Express throws its own stack on a value it cannot read.
 */
const trustProxy = z.string().transform((value, context) => {
  if (value === "true" || value === "false") return value === "true";
  if (/^\d+$/.test(value)) return Number(value);
  const unreadable = value
    .split(",")
    .map((entry) => entry.trim())
    .find((entry) => !isProxyEntry(entry));
  if (unreadable !== undefined) {
    context.addIssue({
      code: "custom",
      input: value,
      message: `"${unreadable}" is not true, false, a hop count, an address, a subnet (10.0.0.0/8) or loopback, linklocal, uniquelocal`,
    });
  }
  return value;
});

/** Storefront configuration from the environment; see README "Configuration". */
const schema = z.object({
  NODE_ENV: z.string().default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  TRUST_PROXY: trustProxy.optional(),
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
  SESSION_SECRET: cookieSecrets.optional(),
  /** Cookies marked Secure: "auto" (when the request arrived over HTTPS), "always" or "never". */
  COOKIE_SECURE: z.enum(["auto", "always", "never"]).default("auto"),
  /**
   * The server's own cache of the pages it marks public (decision 0026): "on" for a shop with nothing in front;
   * "off" when a shared cache (nginx, a CDN) keeps them instead, which the pages' Cache-Control already allows.
   */
  PAGE_CACHE: z.enum(["on", "off"], { error: 'PAGE_CACHE must be "on" or "off"' }).default("on"),
  API_BASE_URL: z.url().optional(),
  API_INTERNAL_SECRET: z.string().min(16).optional(),
});

export type StorefrontConfig = z.infer<typeof schema>;

/** The origin absolute URLs are built from: PUBLIC_URL, else this machine on PORT (a shop tried out locally needs no setting). */
export const publicOrigin = (config: Pick<StorefrontConfig, "PUBLIC_URL" | "PORT">): string =>
  config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;

export const readStorefrontConfig = (env: NodeJS.ProcessEnv = process.env): StorefrontConfig => parseSettings(schema, env);
