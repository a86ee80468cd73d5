import { describe, expect, it } from "vitest";
import { CART_COOKIE, CURRENCY_COOKIE, SESSION_COOKIE, SHARED_PAGE_CACHE_CONTROL } from "./constants.ts";
import { setDocumentCaching, sharedPageVariant } from "./document-caching.server.ts";

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
    expect(cachingOf({})).toEqual({ cacheControl: SHARED_PAGE_CACHE_CONTROL, vary: "Cookie" });
  });

  it.each([
    ["a display currency", { cookie: `${CURRENCY_COOKIE}=EUR` }],
    ["cookies no page reads", { cookie: "lb=node-2; consent=yes" }],
  ])("lets caches keep a page, varying on Cookie, with %s", (_, init) => {
    expect(cachingOf(init)).toEqual({ cacheControl: SHARED_PAGE_CACHE_CONTROL, vary: "Cookie" });
  });

  it.each([
    ["a session cookie", { cookie: `${SESSION_COOKIE}=abc` }],
    ["a cart cookie beside a currency", { cookie: `${CURRENCY_COOKIE}=EUR; ${CART_COOKIE}=abc` }],
    ["a cookie set by the answer (a flash toast read)", { setCookie: "__session=def; Path=/" }],
    ["an error page", { status: 404 }],
    ["a HEAD request", { method: "HEAD" }],
  ])("keeps the page private with %s", (_, init) => {
    expect(cachingOf(init)).toEqual({ cacheControl: "private, no-cache", vary: "Cookie" });
  });
});

describe("sharedPageVariant", () => {
  it("names the display currency, or none, for a visitor without a session or cart", () => {
    expect(sharedPageVariant(undefined)).toBe("");
    expect(sharedPageVariant("")).toBe("");
    expect(sharedPageVariant("lb=node-2;consent")).toBe("");
    expect(sharedPageVariant(` ${CURRENCY_COOKIE} = EUR ; lb=1`)).toBe("EUR");
    expect(sharedPageVariant(`${CURRENCY_COOKIE}=EUR; ${CURRENCY_COOKIE}=USD`)).toBe("EUR");
    expect(sharedPageVariant(`x${CURRENCY_COOKIE}=EUR`)).toBe("");
  });

  it("is null once the page shows a session or a cart, wherever its cookie stands", () => {
    expect(sharedPageVariant(`${SESSION_COOKIE}=abc`)).toBeNull();
    expect(sharedPageVariant(`${CURRENCY_COOKIE}=EUR;${CART_COOKIE}=`)).toBeNull();
    expect(sharedPageVariant(`lb=1; ${SESSION_COOKIE}=a=b`)).toBeNull();
  });
});
