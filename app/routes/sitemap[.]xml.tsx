import { apiFor } from "#app/api-client/api.server.ts";
import { publicOrigin, sitemapXml } from "#app/lib/seo.server.ts";
import { type SitemapSource, sitemapEntries } from "#app/lib/sitemap.server.ts";
import type { Route } from "./+types/sitemap[.]xml";

const CACHE_SECONDS = 300;
let cached: { origin: string; xml: string; expiresAt: number } | null = null;

/** Every product and category; built by paging through the public API and kept for a few minutes. */
export async function loader({ context }: Route.LoaderArgs) {
  const origin = publicOrigin(context);
  const now = Date.now();
  if (!cached || cached.origin !== origin || cached.expiresAt <= now) {
    const source: SitemapSource = apiFor(context);
    const entries = await sitemapEntries(source);
    if (entries === null) return new Response("Sitemap temporarily unavailable", { status: 503, headers: { "Retry-After": "60" } });
    cached = { origin, xml: sitemapXml(origin, entries), expiresAt: now + CACHE_SECONDS * 1000 };
  }
  return new Response(cached.xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": `public, max-age=${CACHE_SECONDS}` },
  });
}
