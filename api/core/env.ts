import type { IncomingMessage } from "node:http";
import type { Logger } from "pino";
import type { CatalogueCaching } from "#api/catalogue/read-cache.ts";
import type { Db } from "#api/db/connect.ts";
import type { Mailer } from "#api/mail/mailer.ts";
import type { MailOutbox } from "#api/mail/outbox.ts";
import type { PaymentGateway } from "#api/payments/gateway.ts";
import type { RatesSource } from "#api/rates/exchange-rates.service.ts";
import type { UserRole } from "#contract/constants.ts";
import type { Clock } from "./clock.ts";

/** What every handler can reach: set once per app by `createApi`. */
export interface ApiDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** Account e-mails (codes, notices); SMTP, the local outbox, or memory in tests. */
  mailer: Mailer;
  /** The durable outbox's sender in this process: kicked after a commit that enqueued mail. */
  outbox: MailOutbox;
  /** Charges payments (PAYMENT_GATEWAY); the test gateway unless a real provider is configured. */
  gateway: PaymentGateway;
  /** Anonymous catalogue reads kept for the current catalogue generation; `NO_CATALOGUE_CACHING` (tests) reads the database every time. */
  catalogue: CatalogueCaching;
  /** The exchange-rate service (EXCHANGE_RATES_URL); tests give a stub. */
  ratesSource: RatesSource;
  /** Milliseconds product views gather in memory before one write; 0 (tests, benches) writes each at once. */
  viewWriteDelayMs: number;
  /** The shop's public origin (PUBLIC_URL): the only one a hosted checkout may send the shopper back to. */
  shopUrl: string;
  /** Units at or below which a variant is low in stock on the dashboard (LOW_STOCK_THRESHOLD). */
  lowStockThreshold: number;
  /** Shared secret a remote storefront presents to have its forwarded client address trusted. */
  internalSecret?: string;
}

export interface AuthUser {
  id: number;
  name: string;
  email: string;
  email_verified: boolean;
  role: UserRole;
  tokenId: number;
}

export interface ApiEnv {
  Bindings: {
    /** Set by the in-process transport: the storefront in this same process is calling. */
    inProcess?: boolean;
    /** The Node request when served over HTTP (Express sets `ip`, honouring TRUST_PROXY). */
    incoming?: IncomingMessage & { ip?: string };
  };
  Variables: {
    deps: ApiDeps;
    clientIp: string;
    user: AuthUser;
  };
}
