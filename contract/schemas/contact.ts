import { z } from "zod";
import { CONTACT_MAX, CONTACT_SUBJECTS, NAME_MAX } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import { emailField } from "./auth.ts";

/**
 * The contact form, shared by the /contact page (Conform) and `POST /public/contact`.
 * Field names are the API's field names.
 */

const requiredText = (requiredMessage: string, max: number) =>
  z.string({ error: requiredMessage }).trim().min(1, { error: requiredMessage, abort: true }).max(max, MSG.accounts.fieldTooLong(max));

/** An optional leading +, then at least six digits among spaces, brackets, dots and dashes. */
const PHONE_PATTERN = /^\+?(?:[\s().-]*\d){6,}[\s().-]*$/;

/** Left out, or blank once trimmed, means not given. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, MSG.accounts.fieldTooLong(max))
    .optional()
    .transform((value) => value || undefined);

export const contactSchema = z.object({
  firstName: requiredText(MSG.contact.firstNameRequired, NAME_MAX),
  lastName: requiredText(MSG.contact.lastNameRequired, NAME_MAX),
  email: emailField(MSG.contact.emailRequired),
  phone: optionalText(CONTACT_MAX.phone).refine((phone) => phone === undefined || PHONE_PATTERN.test(phone), {
    error: MSG.contact.phoneInvalid,
  }),
  orderNumber: optionalText(CONTACT_MAX.orderNumber),
  subject: z.enum(CONTACT_SUBJECTS, { error: MSG.contact.subjectInvalid }).default(CONTACT_SUBJECTS[0]),
  message: requiredText(MSG.contact.messageRequired, CONTACT_MAX.message),
});

export type ContactInput = z.infer<typeof contactSchema>;
