import { randomBytes } from "node:crypto";
import type { PaymentMethod } from "#contract/checkout.ts";
import { MSG } from "#contract/messages.ts";

/**
 * A payment provider as checkout uses it: authorise the amount first, capture it only once the
 * order is committed, void the authorisation when the order is refused, refund a captured payment.
 * Every call carries an idempotency key, so a retried call never charges twice.
 */
export interface PaymentGateway {
  readonly name: string;
  authorise(request: AuthoriseRequest): Promise<AuthoriseResult>;
  capture(reference: string, idempotencyKey: string): Promise<void>;
  voidAuthorisation(reference: string, idempotencyKey: string): Promise<void>;
  refund(reference: string, amountPence: number, idempotencyKey: string): Promise<void>;
}

export interface AuthoriseRequest {
  amountPence: number;
  method: PaymentMethod;
  /** Card payments only. Goes to the provider and nowhere else: never stored, never logged. */
  card: { number: string; expiry: string; cvv: string; holder: string } | null;
  idempotencyKey: string;
}

export type AuthoriseResult =
  | { approved: true; reference: string }
  | { approved: false; reason: "card_declined" | "insufficient_funds"; message: string };

/** Documented test card numbers and what the test gateway answers for them. */
export const TEST_CARDS = {
  approved: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
} as const;

export const GATEWAY_NAMES = ["test"] as const;
export type GatewayName = (typeof GATEWAY_NAMES)[number];

/**
 * Behaves like a provider in test mode: approves Luhn-valid cards (the request schema has checked
 * Luhn already) and the wallets, declines the two documented numbers with their own messages, and
 * answers a repeated idempotency key with its first answer.
 */
export function testGateway(): PaymentGateway & { captured: Set<string>; voided: Set<string>; refunded: Set<string> } {
  const answers = new Map<string, AuthoriseResult>();
  const captured = new Set<string>();
  const voided = new Set<string>();
  const refunded = new Set<string>();
  return {
    name: "test",
    captured,
    voided,
    refunded,
    async authorise(request) {
      const earlier = answers.get(request.idempotencyKey);
      if (earlier) return earlier;
      const answer: AuthoriseResult =
        request.card?.number === TEST_CARDS.declined
          ? { approved: false, reason: "card_declined", message: MSG.payment.cardDeclined }
          : request.card?.number === TEST_CARDS.insufficientFunds
            ? { approved: false, reason: "insufficient_funds", message: MSG.payment.insufficientFunds }
            : { approved: true, reference: `test_${randomBytes(12).toString("hex")}` };
      answers.set(request.idempotencyKey, answer);
      return answer;
    },
    async capture(reference) {
      if (voided.has(reference)) throw new Error("cannot capture a voided authorisation");
      captured.add(reference);
    },
    async voidAuthorisation(reference) {
      if (captured.has(reference)) throw new Error("cannot void a captured payment");
      voided.add(reference);
    },
    async refund(reference) {
      refunded.add(reference);
    },
  };
}

/** The gateway PAYMENT_GATEWAY names; a real provider is one more case here. */
export function createGateway(name: GatewayName): PaymentGateway {
  switch (name) {
    case "test":
      return testGateway();
  }
}
