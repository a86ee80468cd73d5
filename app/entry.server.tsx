import { createHash } from "node:crypto";
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, isRouteErrorResponse, type RouterContextProvider, ServerRouter } from "react-router";
import { setDocumentCaching } from "./lib/document-caching.server.ts";
import { logger } from "./lib/logger.server.ts";
import { apiUnavailableContext, requestInfoContext } from "./lib/request-context.ts";

export const streamTimeout = 5_000;

/**
 * Errors thrown by loaders and actions. A refusal (a 4xx response, such as React Router's 405 for a POST to a
 * page without an action) is the client's mistake: one warn line without a stack. Anything else is ours.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.warn(
      { status: error.status, method: request.method, path: new URL(request.url).pathname },
      `refused: ${error.statusText || error.status}`,
    );
    return;
  }
  logger.error({ err: error, method: request.method, path: new URL(request.url).pathname }, "a loader or action failed");
};

/** Inline scripts that run (React Router's context and route imports; JSON-LD data blocks do not), as CSP sources. */
const INLINE_SCRIPT = /<script(?![^>]*\b(?:src=|type="application\/ld\+json"))[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The document's policy: scripts from this origin, and its own inline scripts by their hash. No nonce, so a page
 * is the same bytes for every visitor and shared caches may keep the public ones (decision 0034).
 */
function contentSecurityPolicy(html: string, formActionOrigins: readonly string[]): string {
  const hashes = new Set(
    [...html.matchAll(INLINE_SCRIPT)].map(([, code]) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`),
  );
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "connect-src 'self'",
    "font-src 'self'",
    `form-action ${["'self'", ...formActionOrigins].join(" ")}`,
    "frame-ancestors 'none'",
    "img-src 'self' data:",
    "object-src 'none'",
    `script-src 'self' ${[...hashes].join(" ")}`,
    "script-src-attr 'none'",
    // React renders style attributes; scripts stay hash-only.
    "style-src 'self' 'unsafe-inline'",
  ].join(";");
}

/**
 * The whole document, rendered before anything is sent (no part of a page suspends, so waiting for all of it
 * delays nothing): its inline scripts are then known, and the policy that allows them goes in the headers.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // The page shows an API failure because the API (its database) is away: 503, which caches do not keep.
  if (loadContext.get(apiUnavailableContext)) responseStatusCode = 503;
  setDocumentCaching(request, responseStatusCode, responseHeaders);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { pageRender, formActionOrigins } = loadContext.get(requestInfoContext);

  return new Promise<Response>((resolve, reject) => {
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      // A completed Suspense boundary stays in place in the HTML, however far down the page: past this many
      // bytes React would send it out of line and move it in with a script, which never runs without JavaScript.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        const chunks: Buffer[] = [];
        pipe(
          new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              clearTimeout(timeoutId);
              const html = Buffer.concat(chunks);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              if (!import.meta.env.DEV)
                responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(html.toString("utf8"), formActionOrigins));
              pageRender?.keep(responseStatusCode, responseHeaders, html);
              resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
              done();
            },
          }),
        );
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // A page whose render failed must not be kept for other visitors.
        if (pageRender) pageRender.spoiled = true;
        logger.error({ err: error }, "rendering failed");
      },
    });
  });
}
