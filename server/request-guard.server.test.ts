import { describe, expect, it } from "vitest";
import { isHostOf, isWellFormedHost } from "./request-guard.server.ts";

describe("isWellFormedHost", () => {
  it.each(["shop.example", "shop.example:8443", "127.0.0.1:3000", "[::1]", "[::1]:3000", "xn--bcher-kva.example"])("takes %s", (host) => {
    expect(isWellFormedHost(host)).toBe(true);
  });

  it.each([undefined, "", "a b", "a<b", "[::1", "a:b", "a@b", "a/b", "a?b", "a#b", "a\\b"])("refuses %j", (host) => {
    expect(isWellFormedHost(host)).toBe(false);
  });
});

describe("isHostOf", () => {
  it("matches the origin's host and port, written or defaulted, in any case", () => {
    expect(isHostOf("https://shop.example", "shop.example")).toBe(true);
    expect(isHostOf("https://shop.example", "SHOP.example:443")).toBe(true);
    expect(isHostOf("http://127.0.0.1:3000", "127.0.0.1:3000")).toBe(true);
  });

  it("refuses another host or port, and a host no URL can be built from", () => {
    expect(isHostOf("https://shop.example", "evil.example")).toBe(false);
    expect(isHostOf("https://shop.example", "shop.example:8443")).toBe(false);
    expect(isHostOf("http://localhost:3000", "127.0.0.1:3000")).toBe(false);
    expect(isHostOf("https://shop.example", "shop.example@evil.example")).toBe(false);
    expect(isHostOf("https://shop.example", undefined)).toBe(false);
  });
});
