import { createHash } from "node:crypto";
import { Honeypot } from "remix-utils/honeypot/server";
import { readForm, refuse } from "./form-data.server.ts";
import { cookieSecrets } from "./session.server.ts";

/** Named here, not left to the library's defaults, so the check below can tell a form that left them out. */
const FIELDS = { nameFieldName: "name__confirm", validFromFieldName: "from__confirm" } as const;

/**
 * The honeypot of the public account forms (sign in, sign up, codes). The root loader hands its
 * input props to every page; the seed derives from the session secret, so every instance that
 * shares the secret accepts the others' forms.
 */
export const honeypot = new Honeypot({
  ...FIELDS,
  encryptionSeed: createHash("sha256").update(`honeypot:${cookieSecrets[0]}`).digest("base64url"),
});

/**
 * Refuses a submission that filled the hidden field, forged or dropped its timestamp, or left the honeypot out
 * altogether (the library skips the check then): a 400, no hint why. A timestamp that is not even ciphertext
 * makes the library's decryption throw its own errors; those are refusals too.
 */
export async function checkHoneypot(formData: FormData): Promise<void> {
  const complete = formData.has(FIELDS.nameFieldName) && formData.has(FIELDS.validFromFieldName);
  const passed =
    complete &&
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
