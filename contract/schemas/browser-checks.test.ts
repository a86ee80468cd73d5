import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { addressSchema } from "./address.ts";
import { addressChecks } from "./address-checks.ts";
import { accountDeleteSchema, emailRequestSchema, loginSchema, resetPasswordFormSchema, signupSchema, verifyEmailSchema } from "./auth.ts";
import {
  accountDeleteChecks,
  emailRequestChecks,
  loginChecks,
  resetPasswordFormChecks,
  signupChecks,
  verifyEmailChecks,
} from "./auth-checks.ts";
import type { FieldChecks, FormChecks } from "./browser-checks.ts";
import { contactSchema } from "./contact.ts";
import { contactChecks } from "./contact-checks.ts";

const password = "linen-and-silk-42";
const account = { name: "Amira Noor", email: "amira@example.com", password, confirmPassword: password, otp: "123456" };

/** Each form's schema, a post it accepts, and its browser checks. */
const forms: [string, z.ZodType, Record<string, unknown>, FormChecks][] = [
  ["login", loginSchema, account, loginChecks],
  ["account deletion", accountDeleteSchema, { password: account.password }, accountDeleteChecks],
  ["forgot password", emailRequestSchema, account, emailRequestChecks],
  ["sign-up", signupSchema, account, signupChecks],
  ["e-mail verification", verifyEmailSchema, account, verifyEmailChecks],
  ["password reset", resetPasswordFormSchema, { ...account, newPassword: password }, resetPasswordFormChecks],
  [
    "contact",
    contactSchema,
    { firstName: "Amira", lastName: "Noor", email: "amira@example.com", message: "Hello", subject: "General Inquiry" },
    contactChecks,
  ],
  [
    "address",
    addressSchema,
    { label: "Home", line1: "41 Green Street", city: "London", postal_code: "E7 8LE", phone: "020 7946 0321" },
    addressChecks,
  ],
];

/** Values that fail exactly one check each, as the browser would find them. */
function failing(checks: FieldChecks, post: Record<string, unknown>): [string, Record<string, unknown>, string][] {
  const cases: [string, Record<string, unknown>, string][] = [];
  if (checks.required) cases.push(["blank", { value: "" }, checks.required]);
  if (checks.email) cases.push(["not an e-mail", { value: "amira.example.com" }, checks.email]);
  if (checks.minLength) cases.push(["too short", { value: "a".repeat(checks.minLength[0] - 1) }, checks.minLength[1]]);
  if (checks.maxLength) cases.push(["too long", { value: "a".repeat(checks.maxLength[0] + 1) }, checks.maxLength[1]]);
  if (checks.pattern) cases.push(["off the pattern", { value: "12a456" }, checks.pattern[1]]);
  if (checks.sameAs) {
    const [other, message] = checks.sameAs;
    cases.push(["not the same", { value: `${String(post[other])}-2` }, message]);
  }
  return cases;
}

describe.each(forms)("the %s form's browser checks", (_form, schema, post, checks) => {
  it("name only the schema's fields, and the post passes both", () => {
    expect(schema.safeParse(post).success).toBe(true);
    const shape = "shape" in schema ? (schema.shape as object) : (schema as unknown as { def: { in: { shape: object } } }).def.in.shape;
    for (const name of Object.keys(checks)) expect(Object.keys(shape)).toContain(name);
  });

  const cases = Object.entries(checks).flatMap(([name, field]) =>
    failing(field, post).map(([what, { value }, message]) => [name, what, value, message] as const),
  );
  it.each(cases)("%s %s gets the schema's own message", (name, _what, value, message) => {
    const result = schema.safeParse({ ...post, [name]: value });
    const messages = result.success ? [] : result.error.issues.filter((issue) => issue.path[0] === name).map((issue) => issue.message);
    expect(messages[0]).toBe(message);
  });
});
