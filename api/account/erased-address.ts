/**
 * The e-mail an erased account keeps in place of the shopper's: unique per account (the column is), on the
 * reserved `.invalid` domain (RFC 2606), so it can never be a real mailbox nor an address someone signs up with.
 */
const ERASED_DOMAIN = "erased.invalid";

export const erasedEmail = (userId: number) => `erased-${userId}@${ERASED_DOMAIN}`;

export const isErasedEmail = (email: string) => email.endsWith(`@${ERASED_DOMAIN}`);
