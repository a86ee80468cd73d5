import type { Request as ExpressRequest, NextFunction, RequestHandler } from "express";
import { MSG } from "#contract/messages.ts";
import { FORM_LIMITS, isFormContentType, isUploadContentType, UPLOAD_PAGES } from "../app/forms/form-data.server.ts";

/** Why the storefront will not run a request; the root route throws it, so the error boundary shows it. */
export interface Refusal {
  status: 400 | 403 | 405 | 413;
  reason: string;
}

/** Pages are read with GET/HEAD and changed with a form POST; nothing else reaches the router. */
const PAGE_METHODS = ["GET", "HEAD", "POST"] as const;

/**
 * Express middleware in front of everything but the health probes: a request whose host cannot form a URL
 * (`isWellFormedHost`) or whose path is not valid percent-encoding (`/%C0%AE`, `/%`) goes on carrying a 400
 * refusal in `res.locals.refusal`, without the malformed host (X-Forwarded-Host dropped, a Host replaced by the
 * public one) and with each `%` of its path escaped, so that nothing behind it (a static file server, React
 * Router's `new URL`, Express's route parameters) throws on it. The API answers the refusal in its own format;
 * `guardStorefrontRequests` turns it into the shop's 400 page.
 */
export function refuseMalformedRequests(publicOrigin: string): RequestHandler {
  const publicHost = new URL(publicOrigin).host;
  return (req, res, next) => {
    const wellFormedHost = isWellFormedHost(req.host);
    const path = req.url.split("?", 1)[0] ?? "";
    const decodablePath = isDecodable(path);
    if (wellFormedHost && decodablePath) {
      next();
      return;
    }
    const reason = wellFormedHost ? MSG.router.refused.malformedUrl : MSG.router.refused.malformedHost;
    res.locals.refusal = { status: 400, reason } satisfies Refusal;
    if (!wellFormedHost) {
      delete req.headers["x-forwarded-host"];
      if (!isWellFormedHost(req.host)) req.headers.host = publicHost;
    }
    if (!decodablePath) req.url = req.originalUrl = `${path.replaceAll("%", "%25")}${req.url.slice(path.length)}`;
    next();
  };
}

/**
 * Express middleware in front of the storefront. A request the router must not run (another method, a POST
 * not sent by this site's pages, a body that is not a form or is too large, or one `refuseMalformedRequests`
 * refused) is turned into a GET of the same page carrying the refusal in `res.locals.refusal`: the root route
 * throws it, so the shopper sees the page's normal error presentation with the right status, and no action or
 * body parser ever runs. Its body is read and dropped first: answered while still sending it, a client has the
 * connection reset under it (Node closes a connection whose request was not read) and never sees the answer.
 */
export function guardStorefrontRequests(): RequestHandler {
  return (req, res, next) => {
    const refusal: Refusal | null = res.locals.refusal ?? refusalFor(req);
    if (!refusal) {
      next();
      return;
    }
    res.locals.refusal = refusal;
    if (refusal.status === 405) res.set("Allow", PAGE_METHODS.join(", "));
    req.method = "GET";
    dropBody(req, next);
  };
}

/** Reads the request's body to its end, keeping nothing, then goes on; a client gone meanwhile is not answered. */
function dropBody(req: ExpressRequest, next: NextFunction) {
  req.once("end", () => next());
  req.resume();
}

function refusalFor(req: ExpressRequest): Refusal | null {
  if (!(PAGE_METHODS as readonly string[]).includes(req.method)) return { status: 405, reason: MSG.router.refused.method };
  if (req.method !== "POST") return null;
  const origin = postOrigin(req);
  if (origin !== "own") return { status: 403, reason: origin === "none" ? MSG.router.refused.noOrigin : MSG.router.refused.crossSite };
  if (Number(req.get("content-length")) > FORM_LIMITS.bodyBytes) return { status: 413, reason: MSG.router.refused.formTooLarge };
  const contentType = req.get("content-type");
  // With JavaScript, React Router posts a page's form to `<path>.data`.
  const page = req.path.endsWith(".data") ? req.path.slice(0, -".data".length) : req.path;
  const upload = UPLOAD_PAGES.has(page) && isUploadContentType(contentType);
  if (!isFormContentType(contentType) && !upload) return { status: 400, reason: MSG.router.refused.notAForm };
  return null;
}

/**
 * Where a state-changing post comes from. "foreign": `Sec-Fetch-Site: cross-site`, a foreign `Origin` (`null`
 * included), or no `Origin` and a foreign `Referer`. "none": neither `Origin` nor `Referer`. Browsers send
 * `Origin` with every form post, JavaScript on or off, so only this site's pages are "own"; a client without
 * either header is no browser a shopper uses, and a post it forges (a signed-out shopper, an address added)
 * must not pass. React Router checks page actions alone; this covers resource routes (/subscribe, /logout)
 * too. This site's origin is the one React Router builds the request URL from (honours TRUST_PROXY).
 */
function postOrigin(req: ExpressRequest): "own" | "foreign" | "none" {
  if (req.get("sec-fetch-site") === "cross-site") return "foreign";
  const claimed = req.get("origin") ?? req.get("referer");
  if (claimed === undefined) return "none";
  const own = originOf(`${req.protocol}://${req.host}`);
  return own !== null && originOf(claimed) === own ? "own" : "foreign";
}

const originOf = (url: string): string | null => (URL.canParse(url) ? new URL(url).origin : null);

/** Whether `path` is valid percent-encoding (`/%C0%AE` and `/%` are not). */
export function isDecodable(path: string): boolean {
  try {
    // The answer is used: a bundler drops a call whose result is not, as free of side effects, and throwing is the point.
    return decodeURIComponent(path).length >= 0;
  } catch {
    return false;
  }
}

/**
 * Whether a Host header's value (X-Forwarded-Host's under TRUST_PROXY: Express's `req.host`) is a host and
 * optional port that a URL can be built from. Anything else (`a b`, `a<b`, `[::1`, empty) would fail React
 * Router's `new URL`; what would end the host part early (`/`, `?`, `#`, `@`, `\`) is no host either.
 */
export function isWellFormedHost(host: string | undefined): host is string {
  return host !== undefined && /^[^/?#@\\]+$/.test(host) && URL.canParse(`http://${host}`);
}

/** Whether `host` (as `isWellFormedHost` takes it) names `origin`'s host and port, a default port written or not. */
export function isHostOf(origin: string, host: string | undefined): boolean {
  if (!isWellFormedHost(host)) return false;
  const own = new URL(origin);
  return new URL(`${own.protocol}//${host}`).host === own.host;
}
