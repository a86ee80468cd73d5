import { z } from "zod";
import { PAYMENT_GATEWAYS } from "#contract/checkout.ts";
import { OPERATOR_LIMITS, PG_POOL_MAX_DEFAULT } from "#contract/constants.ts";
import { LOG_LEVELS, parseSettings } from "#contract/settings.ts";
import { SHOP } from "#contract/shop.ts";
import { defaultWorkerCount } from "./core/worker-count.ts";

/**
 * DATABASE_URL forms the shop opens (api/db/connect.ts): PostgreSQL, a `file:` URL, a path ending in .db or .sqlite,
 * or `:memory:`. Anything else (`postgress://…`, `mysql://…`) is a typo that would otherwise open a new, empty SQLite
 * shop in a folder named after the URL, password included.
 */
const isDatabaseUrl = (url: string) =>
  /^(postgres(ql)?:\/\/|file:)./.test(url) || url === ":memory:" || (!/^[a-z][a-z0-9+.-]*:/i.test(url) && /\.(db|sqlite)$/.test(url));

/** Backend configuration from the environment, parsed once; see README "Configuration". */
const schema = z.object({
  /** Anything but "production" (the default) is development: the local outbox then logs codes. */
  NODE_ENV: z.string().default("production"),
  DATABASE_URL: z
    .string()
    .refine(isDatabaseUrl, "must be postgres://… (or postgresql://…), file:path, a path ending in .db or .sqlite, or :memory:")
    .optional(),
  /** Connections per process in the PostgreSQL pool; README "More than one instance" sums them against max_connections. */
  PG_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(PG_POOL_MAX_DEFAULT),
  API_INTERNAL_SECRET: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  SEED_DEMO: z.enum(["auto", "never"]).default("auto"),
  /** Unset: mail goes to OUTBOX_DIR as .eml files (codes logged in development only), so the shop runs with no mail server. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default(`"${SHOP.name}" <${SHOP.email}>`),
  OUTBOX_DIR: z.string().min(1).default("data/outbox"),
  /** Days a sent e-mail's row stays in the outbox table (for "was it sent?"), after which a delivery pass deletes it. */
  MAIL_SENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** The shop's inbox for new-order notices. */
  SHOP_ORDERS_EMAIL: z.email().default(SHOP.email),
  /** Which payment gateway charges orders; `test` approves valid cards and declines the documented test numbers. */
  PAYMENT_GATEWAY: z.enum(PAYMENT_GATEWAYS).default("test"),
  /** PAYMENT_GATEWAY=stripe: the account's secret key and the webhook endpoint's signing secret (both required then). */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_\w+$/, "must be a Stripe secret key (sk_… or rk_…)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, "must be a webhook signing secret (whsec_…)")
    .optional(),
  /** Stripe's API; tests point it at a local stand-in. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.stripe.com"),
  /** A GBP-based exchange-rate service answering `{ rates: { USD: 1.27, … } }`; one process at a time asks it. */
  EXCHANGE_RATES_URL: z.url().default("https://open.er-api.com/v6/latest/GBP"),
  /** A variant with this many units or fewer shows on the back office's dashboard as low in stock. */
  LOW_STOCK_THRESHOLD: z.coerce.number().int().min(0).max(OPERATOR_LIMITS.stock).default(5),
  /**
   * Turns on `GET /metrics` (Prometheus' text format), answered only to `Authorization: Bearer <this>`; unset, the
   * path is the shop's 404 (decision 0065).
   */
  METRICS_TOKEN: z.string().min(32, "must be at least 32 characters").optional(),
  /** Processes serving requests (a primary forks this many workers); 1 serves from the one process. */
  WEB_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(256)
    .default(() => defaultWorkerCount()),
});

/** The Stripe gateway cannot start without its keys: each missing one is named. */
const settings = schema.superRefine((config, ctx) => {
  if (config.PAYMENT_GATEWAY !== "stripe") return;
  for (const variable of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const) {
    if (!config[variable]) ctx.addIssue({ code: "custom", path: [variable], message: "is required when PAYMENT_GATEWAY=stripe" });
  }
});

export type BackendConfig = z.infer<typeof schema>;

export const readBackendConfig = (env: NodeJS.ProcessEnv = process.env): BackendConfig => parseSettings(settings, env);
