import { MSG } from "#contract/messages.ts";
import type { FormChecks } from "./browser-checks.ts";

/** What the contact form's inputs check in the browser (see `FormChecks`). */
export const contactChecks = {
  firstName: { required: MSG.contact.firstNameRequired },
  lastName: { required: MSG.contact.lastNameRequired },
  email: { required: MSG.contact.emailRequired, email: MSG.auth.invalidEmail },
  phone: {},
  orderNumber: {},
  subject: {},
  message: { required: MSG.contact.messageRequired },
} satisfies FormChecks;
