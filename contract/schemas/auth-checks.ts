import { OTP_LENGTH, PASSWORD_MIN } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import type { FormChecks } from "./browser-checks.ts";

/*
 * What the account forms' inputs check in the browser (see `FormChecks`), with the texts the schemas in auth.ts
 * give. A module of its own, as for every form: a page that used anything of a schema module would keep its
 * top-level zod calls, and zod with them.
 */

/** The browser's side of `newPasswordField`: one minimum for every new password. */
const newPasswordChecks = (required: string) => ({ required, minLength: [PASSWORD_MIN, MSG.accounts.passwordMin(PASSWORD_MIN)] }) as const;

const otpChecks = { required: MSG.otp.required, pattern: [`\\d{${OTP_LENGTH}}`, MSG.otp.sixDigits] } as const;

export const loginChecks = {
  email: { required: MSG.auth.fillAllFields, email: MSG.auth.invalidEmail },
  password: { required: MSG.auth.fillAllFields },
} satisfies FormChecks;

/** The sign-in form's Forgot Password and the code screens' Resend Code: the e-mail alone. */
export const emailRequestChecks = { email: { required: MSG.auth.enterEmailFirst, email: MSG.auth.invalidEmail } } satisfies FormChecks;

export const signupChecks = {
  name: { required: MSG.auth.fillAllFields },
  email: { required: MSG.auth.fillAllFields, email: MSG.auth.invalidEmail },
  password: newPasswordChecks(MSG.auth.fillAllFields),
  confirmPassword: { required: MSG.auth.fillAllFields, sameAs: ["password", MSG.auth.passwordsDoNotMatch] },
} satisfies FormChecks;

/** The code screens' e-mail is a hidden field: the server checks it. */
export const verifyEmailChecks = { email: {}, otp: otpChecks } satisfies FormChecks;

export const resetPasswordFormChecks = {
  email: {},
  otp: otpChecks,
  newPassword: newPasswordChecks(MSG.auth.newPasswordRequired),
  confirmPassword: { required: MSG.auth.fillAllFields, sameAs: ["newPassword", MSG.auth.passwordsDoNotMatch] },
} satisfies FormChecks;

/** Delete my account: the password again (the server says whether it is right). */
export const accountDeleteChecks = { password: { required: MSG.privacy.passwordRequired } } satisfies FormChecks;
