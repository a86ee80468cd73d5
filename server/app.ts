import cluster from "node:cluster";
import { readdirSync } from "node:fs";
import { createServer as createHttpServer, type Server, type ServerResponse } from "node:http";
import { createServer as createNetServer } from "node:net";
import { relative, resolve, sep } from "node:path";
import { constants as zlibConstants } from "node:zlib";
import { getRequestListener } from "@hono/node-server";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import { sql } from "kysely";
import type { DestinationStream, Logger } from "pino";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { prepareBackendDatabase, startBackend } from "#api/bootstrap.ts";
import { CATALOGUE_CACHE_MS } from "#api/catalogue/read-cache.ts";
import { writePendingViews } from "#api/catalogue/view-counter.ts";
import { readBackendConfig } from "#api/config.ts";
import { systemClock } from "#api/core/clock.ts";
import { errorBody } from "#api/core/envelope.ts";
import { badRequest } from "#api/core/errors.ts";
import { createLogger } from "#api/core/logging.ts";
import {
  aggregateWorkerMetrics,
  METRICS_CONTENT_TYPE,
  noteRoutePattern,
  offerWorkerMetrics,
  presentsMetricsToken,
  recordPageCacheLookup,
  scrapeMetrics,
  timeRequest,
} from "#api/core/metrics.ts";
import { connect, type Db } from "#api/db/connect.ts";
import { MigrationHistoryError } from "#api/db/migrate.ts";
import { paymentPageOrigins } from "#api/payments/stripe-gateway.ts";
import { sharedSessionSecret } from "#api/security/session-secret.ts";
import { createReplayClient } from "#app/api-client/api.server.ts";
import { type ApiTransport, httpTransport, inProcessTransport } from "#app/api-client/api-transport.server.ts";
import { PAGE_CACHE_MAX_BYTES } from "#app/lib/constants.ts";
import { publicOrigin, readStorefrontConfig, type StorefrontConfig } from "#app/lib/env.server.ts";
import { requestInfoContext } from "#app/lib/request-context.ts";
import { InvalidSettingsError, readSettingGroups } from "#contract/settings.ts";
import { createPageCache, pageRenderOf } from "./page-cache.server.ts";
import { guardStorefrontRequests, isHostOf, type Refusal, refuseMalformedRequests } from "./request-guard.server.ts";
import { requestLog } from "./request-log.ts";
import { takeTurns } from "./request-turns.server.ts";
import { storefrontRoutePatterns } from "./route-patterns.ts";

/** The storefront's and the API's settings, checked together: every bad value of either group is named at once. */
export const readShopConfig = (env: NodeJS.ProcessEnv = process.env) =>
  readSettingGroups(
    () => readStorefrontConfig(env),
    () => readBackendConfig(env),
  );

export interface ShopServerOptions {
  /** Development: Vite's dev server (in middleware mode) serves the storefront's modules instead of the build. */
  vite?: ViteDevServer;
  env?: NodeJS.ProcessEnv;
  logTo?: DestinationStream;
  /** The database is already migrated and seeded (by a cluster primary). */
  prepared?: boolean;
}

/** Builds the whole shop: Express with security headers, static assets, the API at /api and the storefront. */
export async function createShopServer(options: ShopServerOptions = {}) {
  const env = options.env ?? process.env;
  const [config, backendConfig] = readShopConfig(env);
  const logger = createLogger(backendConfig.LOG_LEVEL, options.logTo);
  const origin = publicOrigin(config);
  const { db, api, catalogue, stopBackground } = await startBackend(backendConfig, logger, {
    prepared: options.prepared,
    shopUrl: origin,
  });
  // The storefront's modules (loaded with the build below) read their signing secret from the environment.
  if (!config.SESSION_SECRET) await adoptStoredSessionSecret(db, logger);
  if (!config.PUBLIC_URL) warnPublicUrlUnset(logger, config);
  const atPublicOrigin = (req: express.Request) => isHostOf(origin, req.host);

  // The API keeps its catalogue reads, and the page cache below whole pages, for the catalogue generation in the
  // database, which the database raises on every catalogue write: each process reads it about once a second.
  const transport: ApiTransport = config.API_BASE_URL
    ? httpTransport(config.API_BASE_URL, config.API_INTERNAL_SECRET)
    : inProcessTransport(api);

  const app = express();
  app.disable("x-powered-by");
  if (config.TRUST_PROXY !== undefined) app.set("trust proxy", config.TRUST_PROXY);

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    try {
      await sql`select 1`.execute(db.kysely);
      res.json({ status: "ready" });
    } catch (error) {
      // Probes come every few seconds while the database is away: a line each, without a stack.
      logger.warn({ reason: error instanceof Error ? error.message : String(error) }, "readiness check failed");
      res.status(503).json({ status: "unavailable" });
    }
  });

  // Off without its token: the path is then a page like any other, the shop's 404. Scrapes stay out of the request log.
  const metricsToken = backendConfig.METRICS_TOKEN;
  if (metricsToken) app.get("/metrics", metricsEndpoint(metricsToken, logger));
  // Every request after the probes is counted by its route's pattern: the API's and the files' note theirs.
  let pagePattern: (path: string) => string;
  app.use((req, res, next) => {
    timeRequest(req, res, () => pagePattern(req.originalUrl.split("?")[0] ?? "/"));
    next();
  });

  app.use(requestLog(logger));
  // HSTS goes on every HTTPS answer, files included; on plain HTTP it is ignored at best and misleading at worst.
  const strictTransportSecurity = helmet.strictTransportSecurity({ maxAge: 31536000, includeSubDomains: true });
  app.use((req, res, next) => (req.secure ? strictTransportSecurity(req, res, next) : next()));
  app.use(refuseMalformedRequests(origin));

  // React Router prepares its route tables once for a build object, but again on every request for a function
  // (which development needs: Vite reloads changed routes). The build is loaded only now, as the storefront's
  // modules read their signing secret when they load.
  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (options.vite) {
    build = () => import("virtual:react-router/server-build");
    // Development counts every page under "/*": its route table changes as routes are edited, and loading it here
    // would add the whole storefront's compilation to the start.
    pagePattern = () => "/*";
  } else {
    build = await import("virtual:react-router/server-build");
    pagePattern = storefrontRoutePatterns(build);
    app.use("/assets", (req, _res, next) => {
      noteRoutePattern(req, "/assets/{file}");
      next();
    });
    app.use("/assets", builtFiles("build/client/assets", { immutable: true, maxAge: "1y" }));
    app.use(publicFiles("build/client", builtFiles("build/client", { maxAge: "1h" })));
  }

  app.use(
    helmet({
      // Set by the document's render (app/entry.server.tsx), which knows the hashes of its inline scripts.
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      // Helmet's "no-referrer" makes browsers send `Origin: null` on form posts, which React Router's origin check
      // refuses: every form would fail without JavaScript. This policy sends the origin to this site only.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      // Agrees with `frame-ancestors 'none'` for browsers that only know the older header.
      xFrameOptions: { action: "deny" },
      strictTransportSecurity: false,
      // Headers only browsers long gone read (an XSS auditor, IE's download prompt and Flash's cross-domain file),
      // and DNS prefetching, which browsers already limit on their own: bytes on every page for no one.
      xXssProtection: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xDnsPrefetchControl: false,
    }),
  );
  // Brotli quality 5 makes pages ~8 % smaller than the library's 4 for ~0.5 ms more per page.
  app.use(compression({ brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } } }));

  // Pages and API calls take turns on the event loop; health probes and files do not wait behind them.
  const turns = takeTurns();
  const apiListener = getRequestListener(api.fetch);
  app.all(["/api", "/api/{*rest}"], turns, (req, res) => {
    const refusal: Refusal | undefined = res.locals.refusal;
    if (refusal) res.status(refusal.status).json(errorBody(badRequest(refusal.reason)));
    else apiListener(req, res);
  });

  if (options.vite) app.use(options.vite.middlewares);
  app.use(guardStorefrontRequests());
  // Pay under a hosted gateway redirects to the provider's page.
  const formActionOrigins = paymentPageOrigins(backendConfig);
  // Pages the same for every visitor without a cart or session are kept for the catalogue generation they were made
  // under, unless a shared cache in front keeps them (PAGE_CACHE=off).
  const pageCache =
    options.vite || config.PAGE_CACHE === "off"
      ? []
      : [
          createPageCache({
            ttlMs: CATALOGUE_CACHE_MS,
            generation: catalogue.generation.current,
            maxBytes: PAGE_CACHE_MAX_BYTES,
            replay: (calls, req) => {
              const replay = createReplayClient({ transport, ...shopperOf(req) });
              for (const call of calls) {
                replay(call).then((status) => {
                  if (status !== null && status >= 400) logger.warn({ status }, "a kept page's API call failed");
                });
              }
            },
            logger,
            onLookup: recordPageCacheLookup,
          }),
        ];
  app.all(
    "/{*path}",
    // Only for PUBLIC_URL's host: an answer to another host is neither kept nor answered from the cache.
    ...pageCache.map((keep) => onlyAtPublicOrigin(atPublicOrigin, keep)),
    turns,
    createRequestHandler({
      build,
      mode: options.vite ? "development" : "production",
      getLoadContext: (req, res) => {
        const context = new RouterContextProvider();
        context.set(requestInfoContext, {
          publicOrigin: origin,
          atPublicOrigin: atPublicOrigin(req),
          formActionOrigins,
          ...shopperOf(req),
          transport,
          pageRender: pageRenderOf(res),
          refusal: res.locals.refusal,
        });
        return context;
      },
    }),
  );

  const close = async () => {
    catalogue.generation.stop();
    await options.vite?.close();
    await stopBackground();
    await writePendingViews(db).catch((error: unknown) => logger.error({ err: error }, "writing product views failed"));
    await db.close();
  };
  return { app, config, logger, db, close };
}

/**
 * Headers a file needs (helmet's others are about documents): its type is as sent, and no other site embeds it but
 * the pictures (`images/`, relative to the served folder), which the shop's e-mails show in webmail's pages on other
 * origins (decision 0062).
 */
function setFileHeaders(res: ServerResponse, file: string) {
  res.setHeader("Cross-Origin-Resource-Policy", file.startsWith(`images${sep}`) ? "cross-origin" : "same-origin");
  res.setHeader("X-Content-Type-Options", "nosniff");
}

/**
 * Serves the build's files: the brotli or gzip copy the build wrote beside each script, style and drawing
 * (vite.config.ts) when the browser takes it. Validated by ETag alone (Last-Modified would say the same).
 */
const builtFiles = (dir: string, serveStatic: expressStaticGzip.ExpressStaticGzipOptions["serveStatic"]) =>
  expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: {
      ...serveStatic,
      index: false,
      lastModified: false,
      setHeaders: (res, file) => setFileHeaders(res, relative(resolve(dir), file)),
    },
  });

/**
 * Hands `serve` only the requests whose first path segment names an entry of `dir` (the favicon, images): pages
 * then skip a file-system lookup that could only fail.
 */
function publicFiles(dir: string, serve: express.RequestHandler): express.RequestHandler {
  const entries = new Set(readdirSync(dir));
  return (req, res, next) => {
    if (!entries.has(req.path.split("/")[1] ?? "")) return next();
    noteRoutePattern(req, "/{file}");
    serve(req, res, next);
  };
}

/** `GET /metrics`: the shop's metrics to a scraper presenting the token (401 to anyone else), never cached. */
function metricsEndpoint(token: string, logger: Logger): express.RequestHandler {
  return async (req, res) => {
    if (!presentsMetricsToken(req, token)) {
      res.set("WWW-Authenticate", 'Bearer realm="metrics"').sendStatus(401);
      return;
    }
    try {
      const text = await scrapeMetrics();
      res.set({ "Content-Type": METRICS_CONTENT_TYPE, "Cache-Control": "no-store" }).send(text);
    } catch (error) {
      logger.error({ err: error }, "reading the metrics failed");
      res.sendStatus(500);
    }
  };
}

/** `handler` for requests to `atPublicOrigin`'s host; every other request goes past it. */
function onlyAtPublicOrigin(atPublicOrigin: (req: express.Request) => boolean, handler: express.RequestHandler): express.RequestHandler {
  return (req, res, next) => (atPublicOrigin(req) ? handler(req, res, next) : next());
}

/** Stops accepting connections, lets in-flight requests finish (up to 10 s), then closes the database. */
function shutdownOnSignals(server: Server, close: () => Promise<void>, logger: Logger) {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => server.closeAllConnections(), 10_000);
    force.unref();
    server.close(async () => {
      await close();
      logger.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/** One fatal JSON line per bad setting, or one for whatever else stopped the start; then exit code 1. */
function failStart(error: unknown): never {
  const logger = createLogger("info");
  if (error instanceof InvalidSettingsError) {
    for (const { variable, reason } of error.problems) logger.fatal({ variable, reason }, `invalid setting ${variable}: ${reason}`);
  } else if (error instanceof MigrationHistoryError) {
    logger.fatal(`the shop could not start: ${error.message}`);
  } else {
    logger.fatal({ err: error }, "the shop could not start");
  }
  process.exit(1);
}

/** Checks every setting before anything is built, opened or logged: a bad one ends the start in failStart's lines. */
export function checkSettingsOrExit(): void {
  try {
    readShopConfig();
  } catch (error) {
    failStart(error);
  }
}

/** Who asks, as the API client forwards it with every call: the address as Express sees it (honours TRUST_PROXY) and the agent. */
const shopperOf = (req: express.Request) => ({
  clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
  userAgent: req.get("user-agent") ?? "",
});

/** Without SESSION_SECRET, cookies are signed with a secret generated once and kept in the database: said at start. */
async function adoptStoredSessionSecret(db: Db, logger: Logger) {
  logger.warn("SESSION_SECRET is not set: cookies are signed with a secret generated once and kept in the database");
  process.env.SESSION_SECRET = await sharedSessionSecret(db, systemClock);
}

/** Said once at start (by the primary, whose workers inherit the default): links then name this machine. */
function warnPublicUrlUnset(logger: Logger, config: StorefrontConfig) {
  logger.warn(
    { publicUrl: publicOrigin(config) },
    `PUBLIC_URL is not set: canonical links, the sitemap and robots.txt name ${publicOrigin(config)}, and pages are kept for that host only`,
  );
}

const listenFailure = (error: NodeJS.ErrnoException, config: { PORT: number; HOST: string }) =>
  error.code === "EADDRINUSE"
    ? `port ${config.PORT} is already in use: stop whatever holds it or set PORT`
    : `cannot listen on ${config.HOST}:${config.PORT}: ${error.message}`;

/**
 * Runs the shop until SIGTERM or SIGINT: in this process when WEB_CONCURRENCY is 1 (and always in development), else as
 * a cluster primary that forks WEB_CONCURRENCY workers. What stops it from starting (a bad setting, a busy port, an
 * unreachable database) is one JSON log line and exit code 1.
 */
export async function runShop(options: Pick<ShopServerOptions, "vite"> = {}): Promise<void> {
  let workers: number;
  try {
    const [, backendConfig] = readShopConfig();
    workers = options.vite ? 1 : backendConfig.WEB_CONCURRENCY;
  } catch (error) {
    failStart(error);
  }
  if (workers > 1 && cluster.isPrimary) return runPrimary(workers);
  // A scrape reaches one worker, which asks the primary for every worker's figures.
  if (cluster.isWorker) offerWorkerMetrics();
  let shop: Awaited<ReturnType<typeof createShopServer>>;
  try {
    shop = await createShopServer({ ...options, prepared: cluster.isWorker });
  } catch (error) {
    failStart(error);
  }
  const { app, config, logger, close } = shop;
  const server = createHttpServer(app);
  // Idle keep-alive connections stay open longer than clients and load balancers keep theirs (commonly 60 s):
  // with Node's 5 s a client reusing a connection just as the server closes it gets a reset instead of an answer.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on("error", async (error: NodeJS.ErrnoException) => {
    logger.fatal({ port: config.PORT, host: config.HOST, code: error.code }, listenFailure(error, config));
    await close();
    process.exit(1);
  });
  server.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.PORT;
    logger.info({ port }, `shop listening on http://localhost:${port}`);
  });
  shutdownOnSignals(server, close, logger);
  // A worker whose primary is gone (killed outright) stops too, rather than serving on unsupervised.
  if (cluster.isWorker) process.on("disconnect", () => process.kill(process.pid, "SIGTERM"));
}

/** Replacement of crashed workers: the delay doubles with each crash in a row, up to the maximum. */
const RESTART_BACKOFF = { firstMs: 500, maxMs: 30_000, stableAfterMs: 60_000 } as const;
/** Workers still running this long after a stop was asked are killed. */
const WORKER_STOP_DEADLINE_MS = 12_000;

/**
 * The cluster primary: prepares the database once (migrations, demo seed, the shared cookie secret), checks the
 * port, then forks the workers, which share the listening socket and each run the whole shop. A worker that dies
 * after it listened is replaced (with backoff); one that dies before it ever listened is a failed start, which
 * stops the shop with exit code 1. SIGTERM and SIGINT stop every worker gracefully, then the primary.
 */
async function runPrimary(workerCount: number): Promise<void> {
  let logger: Logger;
  let config: ReturnType<typeof readStorefrontConfig>;
  try {
    let backendConfig: ReturnType<typeof readBackendConfig>;
    [config, backendConfig] = readShopConfig();
    logger = createLogger(backendConfig.LOG_LEVEL);
    const db = connect(backendConfig.DATABASE_URL, { logger });
    try {
      await prepareBackendDatabase(db, backendConfig, logger);
      // Workers inherit the environment, so they all sign with this one secret and do not warn again.
      if (!config.SESSION_SECRET) await adoptStoredSessionSecret(db, logger);
      if (!config.PUBLIC_URL) {
        warnPublicUrlUnset(logger, config);
        process.env.PUBLIC_URL = publicOrigin(config);
      }
    } finally {
      await db.close();
    }
  } catch (error) {
    failStart(error);
  }
  const portError = await probePort(config.PORT, config.HOST);
  if (portError) {
    logger.fatal({ port: config.PORT, host: config.HOST, code: portError.code }, listenFailure(portError, config));
    process.exit(1);
  }

  let stopping = false;
  let crashesInARow = 0;
  const listened = new Set<number>();
  const startedAt = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };
  const stopAll = (signal: NodeJS.Signals, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    if (exitCode === 0) logger.info({ signal }, "shutting down");
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    const force = setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
    }, WORKER_STOP_DEADLINE_MS);
    force.unref();
    const exitWhenNoneLeft = () => {
      if (Object.keys(cluster.workers ?? {}).length > 0) return;
      if (exitCode === 0) logger.info("stopped");
      process.exit(exitCode);
    };
    cluster.on("exit", exitWhenNoneLeft);
    exitWhenNoneLeft();
  };

  cluster.on("listening", (worker) => {
    listened.add(worker.id);
    logger.info({ worker: worker.process.pid }, "worker listening");
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    if (!listened.has(worker.id)) {
      // It logged why (a setting, the database); the others would fail alike.
      stopAll("SIGTERM", 1);
      return;
    }
    const upFor = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    listened.delete(worker.id);
    crashesInARow = upFor > RESTART_BACKOFF.stableAfterMs ? 1 : crashesInARow + 1;
    const delay = Math.min(RESTART_BACKOFF.maxMs, RESTART_BACKOFF.firstMs * 2 ** (crashesInARow - 1));
    logger.error({ worker: worker.process.pid, code, signal, restartInMs: delay }, "a worker died; starting another");
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });
  process.on("SIGTERM", () => stopAll("SIGTERM", 0));
  process.on("SIGINT", () => stopAll("SIGINT", 0));
  aggregateWorkerMetrics();
  logger.info({ workers: workerCount }, "starting workers");
  for (let i = 0; i < workerCount; i++) fork();
}

/** Whether the port can be listened on, found by listening and closing at once; the error when it cannot. */
function probePort(port: number, host: string): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((done) => {
    const probe = createNetServer();
    probe.once("error", (error: NodeJS.ErrnoException) => done(error));
    probe.listen(port, host, () => probe.close(() => done(undefined)));
  });
}
