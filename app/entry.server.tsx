import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, isRouteErrorResponse, type RouterContextProvider, ServerRouter } from "react-router";
import { createCoalescingStream } from "./lib/coalescing-stream.server.ts";
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
  const { nonce, pageRender } = loadContext.get(requestInfoContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and no-JS clients get the whole document at once.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      // A completed Suspense boundary stays in place in the HTML, however far down the page: past this many
      // bytes React would send it out of line and move it in with a script, which never runs without JavaScript.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      [readyOption]() {
        shellRendered = true;
        const body = createCoalescingStream(() => {
          clearTimeout(timeoutId);
          timeoutId = undefined;
        });
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // A page whose render failed after its 200 went out must not be kept for other visitors.
        if (pageRender) pageRender.spoiled = true;
        if (shellRendered) logger.error({ err: error }, "rendering failed after the shell was sent");
      },
    });
  });
}
