import { createCipheriv, createHash, createHmac, randomBytes } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { Honeypot, type HoneypotInputProps } from "remix-utils/honeypot/server";
import { readForm, refuse } from "./form-data.server.ts";
import { formStampContext } from "./request-context.ts";
import { cookieSecrets } from "./session.server.ts";

/** Named here, not left to the library's defaults, so the check below can tell a form that left them out. */
const FIELDS = { nameFieldName: "name__confirm", validFromFieldName: "from__confirm" } as const;

/**
 * Every page carries a fresh stamp, and the library derives its AES key from the seed (a SHA-256 digest) and
 * encrypts through WebCrypto's job queue on each call: 4% of the server's CPU under load. This is the same
 * AES-256-GCM with the key derived once, written in the library's format (base64 of the 12-byte IV, the
 * ciphertext and the 16-byte tag), so the library's own check decrypts it.
 */
class StampingHoneypot extends Honeypot {
  readonly #key = createHash("sha256").update(this.encryptionSeed).digest();

  protected override encrypt(value: string): Promise<string> {
    return Promise.resolve(this.#seal(value, randomBytes(12)));
  }

  #seal(value: string, iv: Buffer): string {
    const cipher = createCipheriv("aes-256-gcm", this.#key, iv);
    return Buffer.concat([iv, cipher.update(value, "utf8"), cipher.final(), cipher.getAuthTag()]).toString("base64");
  }

  /**
   * The fields' props with the shared stamp: SHARED_STAMP_TIME sealed under an IV derived from it (an HMAC), so
   * every process and instance with this secret writes the same bytes. One IV only ever seals this one value.
   */
  sharedInputProps(): HoneypotInputProps {
    const value = String(SHARED_STAMP_TIME);
    const iv = createHmac("sha256", this.#key).update(value).digest().subarray(0, 12);
    return { ...FIELDS, encryptedValidFrom: this.#seal(value, iv) };
  }
}

/** The time in a shared stamp: any past moment passes the library's check, which refuses only stamps from the future. */
const SHARED_STAMP_TIME = Date.UTC(2026, 0, 1);

const honeypotOf = (secret: string) =>
  new StampingHoneypot({ ...FIELDS, encryptionSeed: createHash("sha256").update(`honeypot:${secret}`).digest("base64url") });

/**
 * The honeypots of the public account forms (sign in, sign up, codes), one per cookie secret: the seed derives
 * from the secret, so every instance that shares the secrets accepts the others' forms. The first (the newest
 * secret's) stamps the forms; a stamp any of them opens passes, so a rotation refuses no form rendered before it.
 */
const honeypots = cookieSecrets.map(honeypotOf);
export const honeypot = honeypots[0];

/**
 * What a page with honeypot forms adds to its loader's data: the fields' props with a fresh time stamp, which
 * the root layout's provider hands to the forms (`usePageHoneypot`). Only such pages pay for the encryption, and
 * the stamp makes the page the visitor's own: never public (`formStampContext`).
 */
export async function honeypotLoaderData({
  context,
}: {
  context: Readonly<RouterContextProvider>;
}): Promise<{ honeypot: HoneypotInputProps }> {
  context.set(formStampContext, true);
  return { honeypot: await honeypot.getInputProps() };
}

/**
 * What a page every visitor shares adds to its loader's data for its honeypot form (home's newsletter): the same
 * stamp on every render, so the page stays public and kept. A stamp shows only that the form came from one of the
 * shop's pages, which a bot fetching the page gets either way; the hidden field that must stay empty is the trap.
 */
export const sharedHoneypotLoaderData: { honeypot: HoneypotInputProps } = { honeypot: honeypot.sharedInputProps() };

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
