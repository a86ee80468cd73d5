import { describe, expect, it } from "vitest";
import { accountLabel, greetingName } from "./user-label.ts";

describe("greetingName", () => {
  it("uses the name when there is one", () => {
    expect(greetingName({ name: "Amira Khan", email: "amira@example.com" })).toBe("Amira Khan");
  });

  it("falls back to the e-mail prefix for a blank name", () => {
    expect(greetingName({ name: "  ", email: "amira.k@example.com" })).toBe("amira.k");
  });
});

describe("accountLabel", () => {
  it("falls back to the whole e-mail for a blank name", () => {
    expect(accountLabel({ name: "", email: "amira.k@example.com" })).toBe("amira.k@example.com");
  });

  it("trims the name", () => {
    expect(accountLabel({ name: " Amira ", email: "amira.k@example.com" })).toBe("Amira");
  });
});
