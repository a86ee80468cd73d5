/**
 * The idempotency key of a payment's refund, whichever path finds the money must go back (a cancellation, a
 * checkout paid after its order was given up): one refund per payment, however many paths meet.
 */
export const refundKeyOf = (reference: string) => `refund-${reference}`;

/** One refund's idempotency key at the provider: its payment's refund key and the refund's own id. */
export const partialRefundKey = (reference: string, refundId: number) => `${refundKeyOf(reference)}:${refundId}`;
