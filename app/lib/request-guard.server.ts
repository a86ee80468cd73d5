import type { Request as ExpressRequest, RequestHandler } from "express";
import { FORM_LIMITS, isFormContentType } from "./form-data.server.ts";

/** Why the storefront will not run a request; the root route throws it, so the error boundary shows it. */
export interface Refusal {
  status: 400 | 403 | 405 | 413;
  reason: string;
}

/** Pages are read with GET/HEAD and changed with a form POST; nothing else reaches the router. */
const PAGE_METHODS = ["GET", "HEAD", "POST"] as const;

/**
 * Express middleware in front of the storefront. A request the router must not run (another method, a POST
 * from a foreign origin, a body that is not a form or is too large) is turned into a GET of the same page
 * carrying the refusal in `res.locals.refusal`: the root route throws it, so the shopper sees the page's
 * normal error presentation with the right status, and no action or body parser ever runs.
 */
export function guardStorefrontRequests(): RequestHandler {
  return (req, res, next) => {
    const refusal = refusalFor(req);
    if (refusal) {
      res.locals.refusal = refusal;
      if (refusal.status === 405) res.set("Allow", PAGE_METHODS.join(", "));
      // The body is never read: close the connection after answering instead of draining it.
      if (req.method !== "GET" && req.method !== "HEAD") res.set("Connection", "close");
      req.method = "GET";
    }
    next();
  };
}

function refusalFor(req: ExpressRequest): Refusal | null {
  if (!(PAGE_METHODS as readonly string[]).includes(req.method)) return { status: 405, reason: "Method not allowed" };
  if (req.method !== "POST") return null;
  if (isCrossSite(req)) return { status: 403, reason: "Cross-site post" };
  if (Number(req.get("content-length")) > FORM_LIMITS.bodyBytes) return { status: 413, reason: "Form too large" };
  if (!isFormContentType(req.get("content-type"))) return { status: 400, reason: "Not a form post" };
  return null;
}

/**
 * A state-changing post from another site: a foreign `Origin` (`null` included), or no `Origin` and a foreign
 * `Referer`. React Router checks page actions alone; this covers resource routes (/subscribe, /logout) too.
 * This site's origin is the one React Router builds the request URL from (honours TRUST_PROXY).
 */
function isCrossSite(req: ExpressRequest): boolean {
  const own = originOf(`${req.protocol}://${req.host}`);
  const claimed = req.get("origin") ?? req.get("referer");
  if (claimed === undefined) return false;
  return own === null || originOf(claimed) !== own;
}

const originOf = (url: string): string | null => (URL.canParse(url) ? new URL(url).origin : null);
