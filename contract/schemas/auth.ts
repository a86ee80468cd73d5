import { z } from "zod";
import { EMAIL_MAX, NAME_MAX, OTP_LENGTH, PASSWORD_MAX, PASSWORD_MIN } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";

/**
 * Account forms, shared by the storefront (Conform) and the API (request validation).
 * Field names are the API's field names.
 */

/** Trimmed and lower-cased, so one address is one account whatever case was typed. */
export const emailField = (requiredMessage: string, invalidMessage: string = MSG.auth.invalidEmail) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .toLowerCase()
    .min(1, { error: requiredMessage, abort: true })
    .max(EMAIL_MAX, { error: MSG.accounts.emailMax(EMAIL_MAX), abort: true })
    .pipe(z.email(invalidMessage));

/**
 * The one rule for a new password, at sign-up and at a reset (and for an operator's, which takes the sign-up form):
 * PASSWORD_MIN to PASSWORD_MAX characters, taken as typed (never trimmed); the upper bound keeps hashing cost bounded.
 * Only the text for a missing password differs, as each form's spec text does.
 */
export const newPasswordField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage, abort: true })
    .min(PASSWORD_MIN, MSG.accounts.passwordMin(PASSWORD_MIN))
    .max(PASSWORD_MAX, MSG.accounts.passwordMax(PASSWORD_MAX));

const otpField = z
  .string({ error: MSG.otp.required })
  .trim()
  .min(1, { error: MSG.otp.required, abort: true })
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), MSG.otp.sixDigits);

export const loginSchema = z.object({
  email: emailField(MSG.auth.fillAllFields),
  password: z
    .string({ error: MSG.auth.fillAllFields })
    .min(1, { error: MSG.auth.fillAllFields, abort: true })
    .max(PASSWORD_MAX, MSG.accounts.passwordMax(PASSWORD_MAX)),
});

export const signupSchema = z
  .object({
    name: z
      .string({ error: MSG.auth.fillAllFields })
      .trim()
      .min(1, { error: MSG.auth.fillAllFields, abort: true })
      .max(NAME_MAX, MSG.accounts.nameMax(NAME_MAX)),
    email: emailField(MSG.auth.fillAllFields),
    password: newPasswordField(MSG.auth.fillAllFields),
    confirmPassword: z.string({ error: MSG.auth.fillAllFields }).min(1, MSG.auth.fillAllFields),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ["confirmPassword"],
    message: MSG.auth.passwordsDoNotMatch,
  });

/** Forgot password, and sending or resending the e-mail verification code. */
export const emailRequestSchema = z.object({ email: emailField(MSG.auth.enterEmailFirst) });

export const verifyEmailSchema = z.object({
  email: emailField(MSG.auth.enterEmailFirst),
  otp: otpField,
});

/** The reset-password request as the API takes it. */
export const resetPasswordSchema = z.object({
  email: emailField(MSG.auth.enterEmailFirst),
  otp: otpField,
  newPassword: newPasswordField(MSG.auth.newPasswordRequired),
});

/** The reset-password form: the request plus the confirmation, which never leaves the storefront. */
export const resetPasswordFormSchema = resetPasswordSchema
  .extend({ confirmPassword: z.string({ error: MSG.auth.fillAllFields }).min(1, MSG.auth.fillAllFields) })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ["confirmPassword"],
    message: MSG.auth.passwordsDoNotMatch,
  });

export type LoginInput = z.infer<typeof loginSchema>;
export type SignupInput = z.infer<typeof signupSchema>;
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** Deleting one's own account asks for the password again (taken as typed, like the login's). */
export const accountDeleteSchema = z.object({
  password: z
    .string({ error: MSG.privacy.passwordRequired })
    .min(1, { error: MSG.privacy.passwordRequired, abort: true })
    .max(PASSWORD_MAX, MSG.accounts.passwordMax(PASSWORD_MAX)),
});
