import { describe, expect, it } from "vitest";
import { z } from "zod";
import { InvalidSettingsError, parseSettings, readSettingGroups } from "./settings.ts";

const api = z.object({ LOG_LEVEL: z.enum(["info", "debug"]), SHARED: z.string().min(16).optional() });
const storefront = z.object({ PORT: z.coerce.number().int(), SHARED: z.string().min(16).optional() });

describe("readSettingGroups", () => {
  it("answers each group's settings in order", () => {
    const env = { LOG_LEVEL: "debug", PORT: "8080" };
    expect(
      readSettingGroups(
        () => parseSettings(api, env),
        () => parseSettings(storefront, env),
      ),
    ).toEqual([{ LOG_LEVEL: "debug" }, { PORT: 8080 }]);
  });

  it("names the problems of every group at once, a variable both groups refuse only once", () => {
    const env = { LOG_LEVEL: "verbose", PORT: "eighty", SHARED: "short" };
    let thrown: unknown;
    try {
      readSettingGroups(
        () => parseSettings(api, env),
        () => parseSettings(storefront, env),
      );
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidSettingsError);
    expect((thrown as InvalidSettingsError).problems.map((problem) => problem.variable)).toEqual(["LOG_LEVEL", "SHARED", "PORT"]);
  });
});
