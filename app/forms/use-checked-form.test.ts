import { describe, expect, it } from "vitest";
import { errorsAfterTyping } from "./use-checked-form.ts";

describe("a checked form's errors as a field is typed in", () => {
  const fromServer = { "": ["Sign-up failed, please try again"], email: ["An account with this email already exists"], name: ["Too long"] };

  it("drop the server's error on that field and on the whole form, so the form can be posted again", () => {
    const shown = errorsAfterTyping(fromServer, "email", {});
    expect(shown[""]).toBeUndefined();
    expect(shown.email).toBeUndefined();
    expect(Object.values(shown).filter(Boolean)).toEqual([["Too long"]]);
  });

  it("show what checking the fields checked once again finds", () => {
    const shown = errorsAfterTyping({}, "confirmPassword", {
      password: ["Password must be at least 8 characters"],
      confirmPassword: undefined,
    });
    expect(shown.password).toEqual(["Password must be at least 8 characters"]);
    expect(shown.confirmPassword).toBeUndefined();
  });
});
