import { describe, expect, it } from "vitest";
import { InvalidSettingsError } from "#contract/settings.ts";
import { readStorefrontConfig } from "./env.server.ts";

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
