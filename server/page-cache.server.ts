import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { LRUCache } from "lru-cache";
import type { Logger } from "pino";
import type { ApiCall } from "../app/api-client/api-call.ts";
import { sharedPageVariant } from "../app/lib/document-caching.server.ts";
import type { PageRender } from "../app/lib/request-context.ts";
import { BEST_ENCODINGS, type BestEncoding, compressAtBest } from "./compress-at-best.server.ts";

/**
 * The server's own shared cache of the pages it marks public (`document-caching.server.ts`): a page asked for
 * without a session or cart cookie and answered 200 without setting a cookie is the same for every visitor with
 * the same display currency, and its Cache-Control already lets any shared cache keep it (its CSP names its
 * inline scripts by hash: no nonce). A CDN in front of the shop keeps it for the whole `max-age`, once per Cookie
 * header; this one keeps it per display currency (`sharedPageVariant`: cookies no page reads do not split it), only
 * while the catalogue generation it was rendered under is current (the one the in-process API's kept reads follow,
 * read from the database about once a second) and for at most `ttlMs`. A request with a session or a cart is rendered.
 */

/** One kept page: its bytes and headers, and what its render did. */
interface KeptPage {
  body: Buffer;
  /**
   * The body compressed once (`compressAtBest`), as each finishes; started by the page's first answer from memory
   * (a page asked for once never pays for it), and until ready the compression middleware does it per request.
   */
  encoded: Partial<Record<BestEncoding, Buffer>>;
  compressing: boolean;
  /** The render's own headers (React Router's answer), not those of one transfer or of the middleware before it. */
  headers: [name: string, value: string][];
  generation: number;
  storedAt: number;
  /** The render's API calls that count a view (a product's detail). */
  calls: readonly ApiCall[];
}

export interface PageCacheOptions {
  /** How long a page is kept at most, whatever the generation. */
  ttlMs: number;
  /**
   * Changes with every catalogue write: a page kept under another generation is rendered again. Undefined while
   * the generation is not known to be recent (the database is away): pages are then neither kept nor answered.
   */
  generation: () => number | undefined;
  /** The rendered bytes all kept pages may take together (their compressed copies add about a fifth); the least recently used go first. */
  maxBytes: number;
  /** Makes a kept page's API calls again for the request it answers, so their side effects (view counts) happen. */
  replay: (calls: readonly ApiCall[], req: ExpressRequest) => void;
  /** Where a failed compression of a kept page is told (the page is then sent as rendered). */
  logger: Pick<Logger, "warn">;
  /** Told of every page the cache could answer: whether it did (the metrics count hits and misses). */
  onLookup?: (hit: boolean) => void;
}

/** Pages larger than this are never kept: no page of the shop comes near it. */
const MAX_PAGE_BYTES = 1024 * 1024;

/** Where the render notes what the cache must know of it (see `RequestInfo.pageRender`). */
const PAGE_RENDER = "pageRender";

/** This request's render, when its page may be kept; the load context hands it to the API client and the renderer. */
export function pageRenderOf(res: ExpressResponse): PageRender | undefined {
  return res.locals[PAGE_RENDER] as PageRender | undefined;
}

export function createPageCache(options: PageCacheOptions) {
  const pages = new LRUCache<string, KeptPage>({
    maxSize: options.maxBytes,
    sizeCalculation: (page) => page.body.length,
    ttl: options.ttlMs,
  });

  // A header value holds no line break, so the parts cannot run into each other. Bots and browsers get the same
  // bytes (entry.server.tsx renders every page whole, onAllReady), so the key does not tell them apart.
  const keyOf = (variant: string, req: ExpressRequest) => `${variant}\n${req.originalUrl}`;

  return function pageCache(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
    const variant = sharedPageVariant(req.headers.cookie);
    if (req.method !== "GET" || variant === null || res.locals.refusal) {
      next();
      return;
    }
    const key = keyOf(variant, req);
    const generation = options.generation();
    const kept = pages.get(key);
    const hit = kept !== undefined && generation !== undefined && kept.generation === generation;
    options.onLookup?.(hit);
    if (hit) {
      send(kept, req, res, options.logger);
      options.replay(kept.calls, req);
      return;
    }
    const render: PageRender = {
      calls: [],
      spoiled: false,
      keep(status, headers, body) {
        const current = generation !== undefined && options.generation() === generation && !render.spoiled;
        if (current && body.length <= MAX_PAGE_BYTES && isShared(status, headers)) {
          pages.set(key, {
            body,
            encoded: {},
            compressing: false,
            headers: [...headers],
            generation,
            storedAt: Date.now(),
            calls: render.calls,
          });
        }
      },
    };
    res.locals[PAGE_RENDER] = render;
    next();
  };
}

/** A 200 that the page marked public and that sets no cookie: the same for every visitor asking alike. */
function isShared(status: number, headers: Headers): boolean {
  return status === 200 && /^public\b/.test(headers.get("cache-control") ?? "") && !headers.has("set-cookie");
}

/**
 * Starts the kept page's compressed copies (brotli 11 takes about 80 ms of a thread-pool thread for 100 KB): only
 * for a page asked for again, so a crawl of addresses asked for once costs renders alone.
 */
function compressOnce(page: KeptPage, logger: Pick<Logger, "warn">) {
  page.compressing = true;
  for (const encoding of BEST_ENCODINGS) {
    compressAtBest[encoding](page.body).then(
      (encoded) => {
        page.encoded[encoding] = encoded;
      },
      (error: unknown) => logger.warn({ err: error, encoding }, "a kept page could not be compressed; it is sent as rendered"),
    );
  }
}

/**
 * The kept page in the encoding the browser accepts, when that is ready (the compression middleware, which adds
 * `Vary: Accept-Encoding` to every answer, passes an encoded body through), else as rendered.
 */
function send(page: KeptPage, req: ExpressRequest, res: ExpressResponse, logger: Pick<Logger, "warn">) {
  if (!page.compressing) compressOnce(page, logger);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("Age", String(Math.floor((Date.now() - page.storedAt) / 1000)));
  // The smallest the browser accepts; no Accept-Encoding asks for the page as it is (as the compression
  // middleware reads it), not for any encoding.
  const accepted = req.get("accept-encoding") ? BEST_ENCODINGS.find((encoding) => req.acceptsEncodings(encoding)) : undefined;
  const encoded = accepted ? page.encoded[accepted] : undefined;
  if (accepted && encoded) {
    res.setHeader("Content-Encoding", accepted);
    res.status(200).end(encoded);
  } else {
    res.status(200).end(page.body);
  }
}
