import { createHash } from "node:crypto";
import { data } from "react-router";
import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import { cookieSecrets } from "./session.server.ts";

/**
 * The honeypot of the public account forms (sign in, sign up, codes). The root loader hands its
 * input props to every page; the seed derives from the session secret, so every instance that
 * shares the secret accepts the others' forms.
 */
export const honeypot = new Honeypot({
  encryptionSeed: createHash("sha256").update(`honeypot:${cookieSecrets[0]}`).digest("base64url"),
});

/** Refuses a submission that filled the hidden field or forged its timestamp (a 400, no hint why). */
export async function checkHoneypot(formData: FormData): Promise<void> {
  try {
    await honeypot.check(formData);
  } catch (error) {
    if (error instanceof SpamError) throw data(null, { status: 400, statusText: "Bad Request" });
    throw error;
  }
}
