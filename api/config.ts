import { availableParallelism } from "node:os";
import { z } from "zod";
import { parseSettings } from "#contract/settings.ts";
import { SHOP } from "#contract/shop.ts";
import { GATEWAY_NAMES } from "./payments/gateway.ts";

/** Backend configuration from the environment, parsed once; see README "Configuration". */
const schema = z.object({
  /** Anything but "production" (the default) is development: the local outbox then logs codes. */
  NODE_ENV: z.string().default("production"),
  DATABASE_URL: z.string().optional(),
  API_INTERNAL_SECRET: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_DEMO: z.enum(["auto", "never"]).default("auto"),
  /** Unset: mail goes to OUTBOX_DIR as .eml files (codes logged in development only), so the shop runs with no mail server. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default(`"${SHOP.name}" <${SHOP.email}>`),
  OUTBOX_DIR: z.string().min(1).default("data/outbox"),
  /** Which payment gateway charges orders; `test` approves valid cards and declines the documented test numbers. */
  PAYMENT_GATEWAY: z.enum(GATEWAY_NAMES).default("test"),
  /** A GBP-based exchange-rate service answering `{ rates: { USD: 1.27, … } }`; one process at a time asks it. */
  EXCHANGE_RATES_URL: z.url().default("https://open.er-api.com/v6/latest/GBP"),
  /** Processes serving requests (a primary forks this many workers); 1 serves from the one process. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(availableParallelism),
});

export type BackendConfig = z.infer<typeof schema>;

export const readBackendConfig = (env: NodeJS.ProcessEnv = process.env): BackendConfig => parseSettings(schema, env);
