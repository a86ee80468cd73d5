import { createCipheriv, createHash, createHmac } from "node:crypto";
import { Honeypot, type HoneypotInputProps } from "remix-utils/honeypot/server";
import { cookieSecrets } from "../session/session.server.ts";
import { readForm, refuse } from "./form-data.server.ts";

/** The hidden field a person never fills: the trap, named here so the check can tell a form that left it out. */
const TRAP_FIELD = "name__confirm";

/**
 * remix-utils' honeypot as it comes, with the trap alone (`validFromFieldName: null`). A sealed time stamp would
 * show only that a form came from one of the shop's pages, which a bot fetching the page gets either way, and a
 * stamp per render would make every page with a form a visitor's own, never shared (decision 0072).
 */
const honeypot = new Honeypot({ nameFieldName: TRAP_FIELD, validFromFieldName: null });

/** The field and seed under which the release before this one checks its stamp. */
const PREVIOUS_RELEASE = { validFromFieldName: "from__confirm", time: String(Date.UTC(2026, 0, 1)) } as const;

/**
 * The release before this one refuses a form without its stamp, and during a rolling deploy its instances get
 * forms this release rendered: so forms still carry that stamp for this one release (the expand step; the next
 * release renders the trap alone and this goes, decision 0072). It is the one value that release wrote, sealed as
 * remix-utils seals (base64 of the 12-byte IV, the AES-256-GCM ciphertext and tag, keyed with the SHA-256 of the
 * seed) under an IV derived from it, so every render and instance writes the same bytes.
 */
function previousReleaseStamp(secret: string): string {
  const seed = createHash("sha256").update(`honeypot:${secret}`).digest("base64url");
  const key = createHash("sha256").update(seed).digest();
  const iv = createHmac("sha256", key).update(PREVIOUS_RELEASE.time).digest().subarray(0, 12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  return Buffer.concat([iv, cipher.update(PREVIOUS_RELEASE.time, "utf8"), cipher.final(), cipher.getAuthTag()]).toString("base64");
}

/**
 * What a page with honeypot forms (sign in, sign up, the code screens, contact, home's newsletter) adds to its
 * loader's data; the root layout's provider hands it to the forms (`usePageHoneypot`). The same on every render,
 * so such a page stays public unless something else makes it a visitor's own.
 */
export const honeypotLoaderData: { honeypot: HoneypotInputProps } = {
  honeypot: {
    nameFieldName: TRAP_FIELD,
    validFromFieldName: PREVIOUS_RELEASE.validFromFieldName,
    encryptedValidFrom: previousReleaseStamp(cookieSecrets[0]),
  },
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
