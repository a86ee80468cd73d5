import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import { withoutSecretParams } from "#app/lib/logger.server.ts";

/** What a request line says of the request (its URL without secrets: an unsubscribe link's token…) and its answer. */
const serializers = {
  req: (req: { id: unknown; method: string; url: string; remoteAddress: string }) => ({
    id: req.id,
    method: req.method,
    url: withoutSecretParams(req.url),
    ip: req.remoteAddress,
  }),
  // The guard's refusal reason, else the status text a route gave its refusal.
  res: (res: { statusCode: number; raw: { locals?: { refusal?: { reason: string } }; statusMessage?: string } }) => ({
    status: res.statusCode,
    reason: res.raw.locals?.refusal?.reason ?? (res.statusCode >= 400 ? res.raw.statusMessage || undefined : undefined),
  }),
};

/**
 * One line per request (files under /assets aside). A refusal (4xx) is the client's doing: a warning with the
 * reason. A 503 says the database (or a remote API) is away for a moment (decision 0028): a warning, without
 * the stack of the error pino-http makes up for every 5xx, which names only the status. Other 5xx are errors.
 */
export const requestLog = (logger: Logger) =>
  pinoHttp({
    logger,
    autoLogging: { ignore: (req) => req.url?.startsWith("/assets/") ?? false },
    customLogLevel: (_req, res, error) =>
      res.statusCode === 503 ? "warn" : error || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
    customErrorObject: (_req, res, _error, line) => {
      if (res.statusCode !== 503) return line;
      const { err: _made, ...withoutError } = line;
      return withoutError;
    },
    customErrorMessage: (_req, res) => (res.statusCode === 503 ? "request completed" : "request errored"),
    serializers,
  });
