import { createCookie } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { rememberVerified } from "./verified-cookies.server.ts";

function signedCookie() {
  const cookie = createCookie("__cart", { secrets: ["a-secret-of-the-test"], path: "/" });
  const parse = vi.spyOn(cookie, "parse");
  return { cookie, parse, remembering: rememberVerified(cookie) };
}

/** The `Cookie` header a browser sends back after `setCookie`, beside another site's cookie. */
const sentBack = (setCookie: string) => `lb=node-2; ${setCookie.split(";")[0]}`;

describe("rememberVerified", () => {
  it("verifies a value once and answers the same content for it afterwards", async () => {
    const { parse, remembering } = signedCookie();
    const header = sentBack(await remembering.serialize([{ p: 1, v: 2, q: 1 }]));
    expect(await remembering.parse(header)).toEqual([{ p: 1, v: 2, q: 1 }]);
    expect(await remembering.parse(header)).toEqual([{ p: 1, v: 2, q: 1 }]);
    expect(parse).toHaveBeenCalledTimes(1);

    const other = sentBack(await remembering.serialize([{ p: 3, v: 4, q: 2 }]));
    expect(await remembering.parse(other)).toEqual([{ p: 3, v: 4, q: 2 }]);
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it("answers a copy, so what one request changes the next never sees", async () => {
    const { remembering } = signedCookie();
    const header = sentBack(await remembering.serialize({ l: [1], p: "WELCOME10" }));
    const first = await remembering.parse(header);
    first.l.push(2);
    expect(await remembering.parse(header)).toEqual({ l: [1], p: "WELCOME10" });
  });

  it("never keeps a value whose signature fails: each is verified, and refused, again", async () => {
    const { parse, remembering } = signedCookie();
    const genuine = await remembering.serialize({ l: [1] });
    const forged = sentBack(genuine.replace(/\.[^.;]+;/, ".AAAA;"));
    expect(await remembering.parse(forged)).toBeNull();
    expect(await remembering.parse(forged)).toBeNull();
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it("passes an absent cookie, and the cookie's own properties, through", async () => {
    const { cookie, remembering } = signedCookie();
    expect(await remembering.parse("lb=node-2")).toBeNull();
    expect(await remembering.parse(null)).toBeNull();
    expect(remembering.name).toBe(cookie.name);
    expect(remembering.isSigned).toBe(true);
  });

  it("tells of each value sent that fails, by the cookie's name, and of no other", async () => {
    const cookie = createCookie("__cart", { secrets: ["a-secret-of-the-test"], path: "/" });
    const unverified = vi.fn();
    const remembering = rememberVerified(cookie, unverified);
    const genuine = await remembering.serialize({ l: [1] });
    await remembering.parse(sentBack(genuine));
    await remembering.parse("lb=node-2");
    expect(unverified).not.toHaveBeenCalled();
    await remembering.parse(sentBack(genuine.replace(/\.[^.;]+;/, ".AAAA;")));
    expect(unverified).toHaveBeenCalledExactlyOnceWith("__cart");
  });
});
