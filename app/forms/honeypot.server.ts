import { Honeypot, type HoneypotInputProps } from "remix-utils/honeypot/server";
import { readForm, refuse } from "./form-data.server.ts";

/** The hidden field a person never fills: the trap, named here so the check can tell a form that left it out. */
const TRAP_FIELD = "name__confirm";

/**
 * remix-utils' honeypot as it comes, with the trap alone (`validFromFieldName: null`). A sealed time stamp would
 * show only that a form came from one of the shop's pages, which a bot fetching the page gets either way, and a
 * stamp per render would make every page with a form a visitor's own, never shared (decision 0072).
 */
const honeypot = new Honeypot({ nameFieldName: TRAP_FIELD, validFromFieldName: null });

/**
 * What a page with honeypot forms (sign in, sign up, the code screens, contact, home's newsletter) adds to its
 * loader's data; the root layout's provider hands it to the forms (`usePageHoneypot`). The same on every render,
 * so such a page stays public unless something else makes it a visitor's own.
 */
export const honeypotLoaderData: { honeypot: HoneypotInputProps } = {
  // No stamp field, so the provider renders no stamp (its value is then never read).
  honeypot: { nameFieldName: TRAP_FIELD, validFromFieldName: null, encryptedValidFrom: "" },
};

/**
 * Refuses a submission that filled the trap, or left the honeypot out altogether (the library skips its check
 * then): a 400, no hint why.
 */
export async function checkHoneypot(formData: FormData): Promise<void> {
  const passed =
    formData.has(TRAP_FIELD) &&
    (await honeypot.check(formData).then(
      () => true,
      () => false,
    ));
  if (!passed) throw refuse(400, "Bad Request");
}

/** The body of a public form that carries the honeypot: read within the form limits, then checked. */
export async function readHoneypotForm(request: Request): Promise<FormData> {
  const formData = await readForm(request);
  await checkHoneypot(formData);
  return formData;
}
