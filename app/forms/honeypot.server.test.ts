import { beforeAll, describe, expect, it, vi } from "vitest";

// session.server.ts reads its secret at import time: give it one so no file is written.
vi.stubEnv("SESSION_SECRET", "honeypot-test-secret-0123456789abcdef");
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

describe("the stamp every form carries", () => {
  it("is the same on every render and from every instance with the secret, and passes the check", async () => {
    const { honeypot } = module.honeypotLoaderData;
    expect(module.honeypot.sharedInputProps()).toEqual(honeypot);
    vi.resetModules();
    const otherInstance = await import("./honeypot.server.ts");
    expect(otherInstance.honeypotLoaderData.honeypot).toEqual(honeypot);
    expect(honeypot.encryptedValidFrom).not.toBe((await module.honeypot.getInputProps()).encryptedValidFrom);
    expect(await statusOf({ [honeypot.nameFieldName]: "", [honeypot.validFromFieldName ?? ""]: honeypot.encryptedValidFrom })).toBe(
      "passed",
    );
    expect(await statusOf({ [honeypot.nameFieldName]: "bot", [honeypot.validFromFieldName ?? ""]: honeypot.encryptedValidFrom })).toBe(400);
  });
});

describe("checkHoneypot", () => {
  it("passes a stamp the library makes for any past time", async () => {
    const props = await module.honeypot.getInputProps({ validFromTimestamp: Date.now() - 5_000 });
    expect(await statusOf({ [props.nameFieldName]: "", [props.validFromFieldName ?? ""]: props.encryptedValidFrom })).toBe("passed");
  });

  it("refuses a stamp from the future: the timestamp reads back as written", async () => {
    const props = await module.honeypot.getInputProps({ validFromTimestamp: Date.now() + 60_000 });
    expect(await statusOf({ [props.nameFieldName]: "", [props.validFromFieldName ?? ""]: props.encryptedValidFrom })).toBe(400);
  });

  it.each([
    ["both fields absent", {}],
    ["the timestamp absent", { name__confirm: "" }],
    ["the trap filled", { name__confirm: "bot", from__confirm: "x" }],
    ["a timestamp that is not ciphertext", { name__confirm: "", from__confirm: "zz" }],
    ["a timestamp of junk bytes", { name__confirm: "", from__confirm: "%%%\u0000" }],
  ])("refuses %s with a 400", async (_case, fields) => {
    expect(await statusOf(fields)).toBe(400);
  });
});
