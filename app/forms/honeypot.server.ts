import { createCipheriv, createHash, createHmac } from "node:crypto";
import { Honeypot, type HoneypotInputProps } from "remix-utils/honeypot/server";
import { cookieSecrets } from "../session/session.server.ts";
import { readForm, refuse } from "./form-data.server.ts";

/** Named here, not left to the library's defaults, so the check below can tell a form that left them out. */
const FIELDS = { nameFieldName: "name__confirm", validFromFieldName: "from__confirm" } as const;

/**
 * The honeypot whose forms all carry one stamp: SHARED_STAMP_TIME sealed under an IV derived from it (an HMAC),
 * in the library's format (base64 of the 12-byte IV, the AES-256-GCM ciphertext and the 16-byte tag, keyed with
 * the SHA-256 digest of the seed), so the library's own check opens it, and every render, process and instance
 * with this secret writes the same bytes. One IV only ever seals this one value.
 */
class SharedStampHoneypot extends Honeypot {
  readonly #key = createHash("sha256").update(this.encryptionSeed).digest();

  sharedInputProps(): HoneypotInputProps {
    const value = String(SHARED_STAMP_TIME);
    const iv = createHmac("sha256", this.#key).update(value).digest().subarray(0, 12);
    const cipher = createCipheriv("aes-256-gcm", this.#key, iv);
    const sealed = Buffer.concat([iv, cipher.update(value, "utf8"), cipher.final(), cipher.getAuthTag()]);
    return { ...FIELDS, encryptedValidFrom: sealed.toString("base64") };
  }
}

/** The time in a shared stamp: any past moment passes the library's check, which refuses only stamps from the future. */
const SHARED_STAMP_TIME = Date.UTC(2026, 0, 1);

const honeypotOf = (secret: string) =>
  new SharedStampHoneypot({ ...FIELDS, encryptionSeed: createHash("sha256").update(`honeypot:${secret}`).digest("base64url") });

/**
 * The honeypots of the shop's public forms, one per cookie secret: the seed derives
 * from the secret, so every instance that shares the secrets accepts the others' forms. The first (the newest
 * secret's) stamps the forms; a stamp any of them opens passes, so a rotation refuses no form rendered before it.
 */
const honeypots = cookieSecrets.map(honeypotOf);
export const honeypot = honeypots[0];

/**
 * What a page with honeypot forms (sign in, sign up, the code screens, contact, home's newsletter) adds to its
 * loader's data; the root layout's provider hands it to the forms (`usePageHoneypot`). The stamp is the same on
 * every render, so such a page stays public unless something else makes it a visitor's own: a stamp shows only that
 * the form came from one of the shop's pages, which a bot fetching the page gets either way (the library's check
 * refuses only stamps from the future), and the hidden field that must stay empty is the trap.
 */
export const honeypotLoaderData: { honeypot: HoneypotInputProps } = { honeypot: honeypot.sharedInputProps() };

/**
 * Refuses a submission that filled the hidden field, forged or dropped its timestamp, or left the honeypot out
 * altogether (the library skips the check then): a 400, no hint why. A timestamp that is not even ciphertext
 * makes the library's decryption throw its own errors; those are refusals too.
 */
export async function checkHoneypot(formData: FormData): Promise<void> {
  const complete = formData.has(FIELDS.nameFieldName) && formData.has(FIELDS.validFromFieldName);
  const passed =
    complete &&
    (await Promise.any(honeypots.map((each) => each.check(formData))).then(
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
