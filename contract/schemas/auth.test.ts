import { describe, expect, it } from "vitest";
import { PASSWORD_MIN } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import { resetPasswordFormSchema, resetPasswordSchema, signupSchema } from "./auth.ts";
import { resetPasswordFormChecks, signupChecks } from "./auth-checks.ts";

const account = { name: "Amira Noor", email: "amira@example.com", otp: "123456" };
const tooShort = MSG.accounts.passwordMin(PASSWORD_MIN);

/** Each way a password is chosen, as a function of the password typed twice, and the field that holds it. */
const forms = [
  ["sign-up", (password: string) => signupSchema.safeParse({ ...account, password, confirmPassword: password }), "password"],
  ["reset request", (password: string) => resetPasswordSchema.safeParse({ ...account, newPassword: password }), "newPassword"],
  [
    "reset form",
    (password: string) => resetPasswordFormSchema.safeParse({ ...account, newPassword: password, confirmPassword: password }),
    "newPassword",
  ],
] as const;

describe("one password rule for every new password", () => {
  it.each(forms)("the %s refuses abc123 and one character short of the minimum, and takes the minimum", (_, parse, field) => {
    for (const password of ["abc123", "a".repeat(PASSWORD_MIN - 1)]) {
      const result = parse(password);
      expect(result.success).toBe(false);
      expect(result.error?.issues).toEqual([expect.objectContaining({ path: [field], message: tooShort })]);
    }
    expect(parse("a".repeat(PASSWORD_MIN)).success).toBe(true);
  });

  it("the browser checks the same minimum with the same text on sign-up and reset", () => {
    expect(signupChecks.password.minLength).toEqual([PASSWORD_MIN, tooShort]);
    expect(resetPasswordFormChecks.newPassword.minLength).toEqual([PASSWORD_MIN, tooShort]);
  });
});
