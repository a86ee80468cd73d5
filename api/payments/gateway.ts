import { randomBytes } from "node:crypto";
import type { GatewayName, PaymentMethod } from "#contract/checkout.ts";
import { MSG } from "#contract/messages.ts";
import type { BackendConfig } from "../config.ts";
import type { HostedGateway } from "./hosted-gateway.ts";
import { stripeGateway } from "./stripe-gateway.ts";

/** What every provider does for an order it holds money for. Every call carries an idempotency key. */
export interface GatewayOperations {
  readonly name: GatewayName;
  /**
   * Releases money held for an order that will not be paid: a card's authorisation; a hosted checkout is closed
   * (and refunded, should it have been paid meanwhile).
   */
  voidAuthorisation(reference: string, idempotencyKey: string): Promise<void>;
  /** Returns a captured payment. */
  refund(reference: string, amountPence: number, idempotencyKey: string): Promise<void>;
}

/**
 * A provider the shop sends card details to: authorise the amount first, capture it only once the order is
 * committed, void the authorisation when the order is refused, refund a captured payment.
 */
export interface CardGateway extends GatewayOperations {
  readonly kind: "card";
  authorise(request: AuthoriseRequest): Promise<AuthoriseResult>;
  capture(reference: string, idempotencyKey: string): Promise<void>;
}

/** Either kind; a hosted provider (the shopper pays on the provider's page) is in ./hosted-gateway.ts. */
export type PaymentGateway = CardGateway | HostedGateway;

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

/**
 * Behaves like a provider in test mode: approves Luhn-valid cards (the request schema has checked
 * Luhn already) and the wallets, declines the two documented numbers with their own messages, and
 * answers a repeated idempotency key with its first answer. Refunds are partial or whole: `refunded` holds the
 * amount given back per reference, never more than was authorised; a refund's key repeated changes nothing, and
 * repeated with another reference or amount is refused, as a provider refuses a key reused for another request.
 */
export function testGateway(): CardGateway & { captured: Set<string>; voided: Set<string>; refunded: Map<string, number> } {
  const answers = new Map<string, AuthoriseResult>();
  const authorised = new Map<string, number>();
  const captured = new Set<string>();
  const voided = new Set<string>();
  const refunded = new Map<string, number>();
  const refundsByKey = new Map<string, { reference: string; amountPence: number }>();
  return {
    name: "test",
    kind: "card",
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
      if (answer.approved) authorised.set(answer.reference, request.amountPence);
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
    async refund(reference, amountPence, idempotencyKey) {
      const earlier = refundsByKey.get(idempotencyKey);
      if (earlier) {
        if (earlier.reference !== reference || earlier.amountPence !== amountPence) {
          throw new Error(`refund key ${idempotencyKey} was used for another refund`);
        }
        return;
      }
      const total = (refunded.get(reference) ?? 0) + amountPence;
      const paid = authorised.get(reference);
      if (paid !== undefined && total > paid) throw new Error(`refunds of ${reference} would exceed the ${paid} pence paid`);
      refundsByKey.set(idempotencyKey, { reference, amountPence });
      refunded.set(reference, total);
    },
  };
}

/** The gateway PAYMENT_GATEWAY names, with its settings. */
export function createGateway(
  config: Pick<BackendConfig, "PAYMENT_GATEWAY" | "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_API_URL">,
): PaymentGateway {
  switch (config.PAYMENT_GATEWAY) {
    case "test":
      return testGateway();
    case "stripe":
      return stripeGateway({
        secretKey: config.STRIPE_SECRET_KEY ?? "",
        webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? "",
        apiUrl: config.STRIPE_API_URL,
      });
  }
}
