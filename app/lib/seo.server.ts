import type { RouterContextProvider } from "react-router";
import { escapeMarkup } from "./markup.ts";
import { requestInfoContext } from "./request-context.ts";
import { absoluteUrl } from "./seo.ts";

/** What crawlers read beside the pages: the sitemap and robots.txt, and the public origin their URLs start with. */

/**
 * The origin of every absolute URL the shop writes: PUBLIC_URL, never the request's. A Host or X-Forwarded-Host
 * header is the client's to choose, and a page kept for every visitor would carry one client's choice to all.
 */
export const publicOrigin = (context: Readonly<RouterContextProvider>): string => context.get(requestInfoContext).publicOrigin;

export interface SitemapEntry {
  path: string;
  lastModified?: string | null;
}

export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified ? `<lastmod>${escapeMarkup(entry.lastModified.slice(0, 10))}</lastmod>` : "";
    return `  <url><loc>${escapeMarkup(absoluteUrl(origin, entry.path))}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** Paths a crawler has no business in: the shopper's own pages and the form endpoints. */
const ROBOTS_DISALLOW = [
  "/cart",
  "/checkout",
  "/order-success",
  "/profile",
  "/orders/",
  "/returns/",
  "/wishlist",
  "/signin",
  "/signup",
  "/email-verification",
  "/otp-verification",
  "/admin",
  "/api/",
] as const;

export function robotsTxt(origin: string): string {
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${absoluteUrl(origin, "/sitemap.xml")}`,
  ];
  return `${lines.join("\n")}\n`;
}
