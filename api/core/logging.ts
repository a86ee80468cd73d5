import { createHash } from "node:crypto";
import pino, { type DestinationStream, type Logger } from "pino";

/** What stands for an e-mail address in a log: lines about one address still match up, the address is not there. */
export const emailDigest = (email: string) => `email-${createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 12)}`;

/**
 * An e-mail address as a log line may carry it: plain, or percent-encoded once (`?email=` in a URL) or
 * twice (that URL inside a `redirectTo`), never starting inside a `%XX` escape and ending in a
 * top-level domain of letters. Bounded repeats keep the scan linear on long hostile URLs.
 */
const EMAIL_IN_TEXT = /(?<!%[0-9a-f]?)(?:[\w.+-]|%(?:25)?2b){1,64}(?:@|%40|%2540)(?:[a-z0-9-]{1,63}\.){1,8}[a-z]{2,63}(?![\w-])/gi;

function decoded(text: string) {
  let value = text;
  for (let round = 0; round < 2 && value.includes("%"); round++) {
    try {
      value = decodeURIComponent(value);
    } catch {
      break;
    }
  }
  return value;
}

/** A log line with every e-mail address in it replaced by its digest. */
export const withoutEmailAddresses = (line: string) => line.replace(EMAIL_IN_TEXT, (address) => emailDigest(decoded(address)));

/**
 * The shop's logger. Every line passes `withoutEmailAddresses` on its way out, whoever wrote it
 * (request log, mail, errors that quote a recipient or a query): shoppers' addresses stay out of logs.
 */
export const createLogger = (level: string, destination?: DestinationStream): Logger =>
  pino({ level, hooks: { streamWrite: withoutEmailAddresses } }, destination);
