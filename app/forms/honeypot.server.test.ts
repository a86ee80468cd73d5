import { beforeAll, describe, expect, it, vi } from "vitest";

const SECRET = "honeypot-test-secret-0123456789abcdef";
// session.server.ts reads its secret at import time: give it one so no file is written.
vi.stubEnv("SESSION_SECRET", SECRET);
let module: typeof import("./honeypot.server.ts");
beforeAll(async () => {
  module = await import("./honeypot.server.ts");
});

const form = (fields: Record<string, string>) => {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return formData;
};

async function statusOf(fields: Record<string, string>) {
  return module.checkHoneypot(form(fields)).then(
    () => "passed",
    (error: { init?: ResponseInit }) => error.init?.status,
  );
}

describe("the honeypot every form carries", () => {
  it("is the same on every render and from every instance with the secret", async () => {
    const { honeypot } = module.honeypotLoaderData;
    vi.resetModules();
    const otherInstance = await import("./honeypot.server.ts");
    expect(otherInstance.honeypotLoaderData.honeypot).toEqual(honeypot);
  });

  it("is the trap alone, which the check passes when left empty", async () => {
    const { honeypot } = module.honeypotLoaderData;
    expect(honeypot.validFromFieldName).toBeNull();
    expect(await statusOf({ [honeypot.nameFieldName]: "" })).toBe("passed");
  });
});

describe("checkHoneypot", () => {
  it.each([
    ["the trap alone", { name__confirm: "" }],
    ["a stamp it no longer reads (a form the release before rendered)", { name__confirm: "", from__confirm: "zz" }],
  ])("passes %s", async (_case, fields) => {
    expect(await statusOf(fields)).toBe("passed");
  });

  it.each([
    ["the honeypot left out", {}],
    ["the stamp without the trap", { from__confirm: "x" }],
    ["the trap filled", { name__confirm: "bot" }],
    ["the trap filled beside a stamp", { name__confirm: "bot", from__confirm: "x" }],
  ])("refuses %s with a 400", async (_case, fields) => {
    expect(await statusOf(fields)).toBe(400);
  });
});
