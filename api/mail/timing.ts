/**
 * How long sending one mail may take, and how long a sender's claim on an outbox row holds (decision 0040). The
 * claim outlasts any send, so a live sender never has its mail claimed and sent by another; a sender that died
 * leaves its mail to the others within minutes.
 */

/** Each step of an SMTP send (nodemailer's options): a server that does not answer fails the send soon, to be retried. */
export const SMTP_TIMEOUTS_MS = { dnsTimeout: 10_000, connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 } as const;

/** A whole send, its steps together: the SMTP transport is aborted then (nodemailer's `signal`), whatever the server does. */
export const SEND_DEADLINE_MS = 2 * 60_000;

/** How long a claim holds: the send's deadline and a minute more, for marking the row and for instances' clocks that differ. */
export const CLAIM_MS = SEND_DEADLINE_MS + 60_000;
