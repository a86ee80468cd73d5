import { describe, expect, it } from "vitest";
import { InvalidSettingsError } from "#contract/settings.ts";
import { publicOrigin, readStorefrontConfig } from "./env.server.ts";

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
