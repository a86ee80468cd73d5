import { describe, expect, it } from "vitest";
import { InvalidSettingsError } from "#contract/settings.ts";
import { publicOrigin, readStorefrontConfig } from "./env.server.ts";

const NEWEST = "the-newest-cookie-secret-0123456789abcdef";
const OLDER = "an-older-cookie-secret-0123456789abcdefgh";

const problemsOf = (secret: string) => {
  try {
    readStorefrontConfig({ SESSION_SECRET: secret });
  } catch (error) {
    if (error instanceof InvalidSettingsError) return error.problems;
    throw error;
  }
  throw new Error("the setting was accepted");
};

describe("SESSION_SECRET", () => {
  it("is one secret, or a comma-separated list newest first, spaces around the commas ignored", () => {
    expect(readStorefrontConfig({ SESSION_SECRET: NEWEST }).SESSION_SECRET).toEqual([NEWEST]);
    expect(readStorefrontConfig({ SESSION_SECRET: `${NEWEST}, ${OLDER}` }).SESSION_SECRET).toEqual([NEWEST, OLDER]);
    expect(readStorefrontConfig({}).SESSION_SECRET).toBeUndefined();
  });

  it("refuses any secret shorter than 32 characters, by its position and never its value", () => {
    expect(problemsOf("short")).toEqual([{ variable: "SESSION_SECRET", reason: "the secret has 5 characters; each needs at least 32" }]);
    const problems = problemsOf(`${NEWEST},,${OLDER},tiny-old-one`);
    expect(problems.map((problem) => problem.reason)).toEqual([
      "secret 2 of 4 (comma-separated, newest first) has 0 characters; each needs at least 32",
      "secret 4 of 4 (comma-separated, newest first) has 12 characters; each needs at least 32",
    ]);
    expect(problems.every((problem) => problem.variable === "SESSION_SECRET" && !problem.reason.includes("tiny"))).toBe(true);
  });
});

describe("TRUST_PROXY", () => {
  it("is true, false, a hop count, or Express's list of addresses, subnets and names", () => {
    const trustProxy = (value: string) => readStorefrontConfig({ TRUST_PROXY: value }).TRUST_PROXY;
    expect(trustProxy("true")).toBe(true);
    expect(trustProxy("false")).toBe(false);
    expect(trustProxy("1")).toBe(1);
    for (const list of ["loopback", "loopback, 10.0.0.0/8", "192.168.1.1", "10.0.0.0/255.0.0.0", "fe80::/10, uniquelocal"]) {
      expect(trustProxy(list)).toBe(list);
    }
    expect(readStorefrontConfig({}).TRUST_PROXY).toBeUndefined();
  });

  it("refuses a value Express cannot read, naming the entry", () => {
    for (const [value, entry] of [
      ["maybe", "maybe"],
      ["loopback, 10.0.0.300", "10.0.0.300"],
      ["10.0.0.0/33", "10.0.0.0/33"],
      ["10.0.0.0/8/8", "10.0.0.0/8/8"],
    ]) {
      let problems: unknown;
      try {
        readStorefrontConfig({ TRUST_PROXY: value });
      } catch (error) {
        problems = error instanceof InvalidSettingsError ? error.problems : error;
      }
      expect(problems, value).toEqual([{ variable: "TRUST_PROXY", reason: expect.stringContaining(`"${entry}" is not true, false`) }]);
    }
  });
});

describe("PUBLIC_URL", () => {
  it("is the origin of the URL given; unset, this machine on PORT", () => {
    expect(publicOrigin(readStorefrontConfig({ PUBLIC_URL: "https://shop.example/" }))).toBe("https://shop.example");
    expect(publicOrigin(readStorefrontConfig({ PUBLIC_URL: "http://shop.example:8080" }))).toBe("http://shop.example:8080");
    expect(publicOrigin(readStorefrontConfig({ PORT: "4000" }))).toBe("http://localhost:4000");
  });

  it.each(["shop.example", "ftp://shop.example", "https://shop.example/shop", "https://shop.example/?a=1", "https://u:p@shop.example"])(
    "refuses %s, naming the variable",
    (value) => {
      expect(() => readStorefrontConfig({ PUBLIC_URL: value })).toThrow(InvalidSettingsError);
      try {
        readStorefrontConfig({ PUBLIC_URL: value });
      } catch (error) {
        expect((error as InvalidSettingsError).problems.map((problem) => problem.variable)).toEqual(["PUBLIC_URL"]);
      }
    },
  );
});
