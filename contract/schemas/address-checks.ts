import { MSG } from "#contract/messages.ts";
import type { FormChecks } from "./browser-checks.ts";

/** What the address form's inputs check in the browser (see `FormChecks`); formats are the server's to check. */
export const addressChecks = {
  label: { required: MSG.accounts.labelRequired },
  line1: { required: MSG.accounts.line1Required },
  line2: {},
  city: { required: MSG.accounts.cityRequired },
  postal_code: { required: MSG.accounts.postcodeRequired },
  phone: { required: MSG.accounts.phoneRequired },
  is_default: {},
  address_type: {},
} satisfies FormChecks;
