import { describe, expect, it } from "vitest";
import { ANONYMOUS_PAGE_MAX_AGE_S } from "./constants.ts";
import { setDocumentCaching } from "./document-caching.server.ts";

function cachingOf(init: { cookie?: string; setCookie?: string; status?: number; method?: string }) {
  const request = new Request("http://shop.test/products", {
    method: init.method ?? "GET",
    headers: init.cookie ? { cookie: init.cookie } : {},
  });
  const headers = new Headers(init.setCookie ? { "set-cookie": init.setCookie } : {});
  setDocumentCaching(request, init.status ?? 200, headers);
  return { cacheControl: headers.get("cache-control"), vary: headers.get("vary") };
}

describe("setDocumentCaching", () => {
  it("lets caches keep a page briefly when the visitor sends and gets no cookie", () => {
    expect(cachingOf({})).toEqual({ cacheControl: `public, max-age=${ANONYMOUS_PAGE_MAX_AGE_S}`, vary: "Cookie" });
  });

  it.each([
    ["a session, cart or currency cookie", { cookie: "__session=abc" }],
    ["a cookie set by the answer (a flash toast read)", { setCookie: "__session=def; Path=/" }],
    ["an error page", { status: 404 }],
    ["a HEAD request", { method: "HEAD" }],
  ])("keeps the page private with %s", (_, init) => {
    expect(cachingOf(init)).toEqual({ cacheControl: "private, no-cache", vary: "Cookie" });
  });
});
