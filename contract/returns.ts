import { RETURN_POLICY_TERMS } from "./constants.ts";

/**
 * What happens after delivery, as both sides see it: a **return** (the shopper's: items come back, and each is
 * refunded or exchanged for another size or colour of the same product) and a **claim** (the operator's, for a
 * parcel damaged, wrong or never arrived: refunded or replaced, the goods coming back only when the operator asks).
 */

export const RETURN_KINDS = ["return", "claim"] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

/** Why a shopper sends items back, as the return form offers them. */
export const RETURN_REASONS = {
  too_small: "Too small",
  too_large: "Too large",
  not_as_pictured: "Not as pictured",
  changed_mind: "Changed my mind",
  faulty: "Faulty",
  wrong_item: "Wrong item",
} as const;
export type ReturnReason = keyof typeof RETURN_REASONS;
export const RETURN_REASON_IDS = Object.keys(RETURN_REASONS) as ReturnReason[];

/** Why the operator opens a claim. */
export const CLAIM_REASONS = {
  damaged: "Damaged",
  wrong_item: "Wrong item",
  never_arrived: "Never arrived",
} as const;
export type ClaimReason = keyof typeof CLAIM_REASONS;
export const CLAIM_REASON_IDS = Object.keys(CLAIM_REASONS) as ClaimReason[];

/** The shop's fault, not the shopper's: the delivery charge goes back with the items' price. */
export const DELIVERY_REFUNDED_REASONS: readonly string[] = ["faulty", "wrong_item", "damaged", "never_arrived"];

/** The name of a return's or a claim's reason. */
export const reasonName = (reason: string) =>
  (RETURN_REASONS as Record<string, string>)[reason] ?? (CLAIM_REASONS as Record<string, string>)[reason] ?? reason;

/** Each item of a return is refunded or exchanged; a claim's items are refunded or replaced (an exchange for the same variant). */
export const RETURN_RESOLUTIONS = ["refund", "exchange"] as const;
export type ReturnResolution = (typeof RETURN_RESOLUTIONS)[number];
export const CLAIM_OUTCOMES = { refund: "Refund", replacement: "Replacement" } as const;
export type ClaimOutcome = keyof typeof CLAIM_OUTCOMES;
export const CLAIM_OUTCOME_IDS = Object.keys(CLAIM_OUTCOMES) as ClaimOutcome[];

/**
 * Where a return stands: `requested` (registered, the goods on their way back), `received` (the goods are in, or a
 * claim needs none; its refund or exchange still to come), `refunded` (its money went back, nothing to send),
 * `exchanged` (its exchange or replacement shipped, and its refund, if any, done), `rejected` (refused, with the
 * reason mailed; an exchange's held units go back to stock).
 */
/**
 * Where an exchange's price difference stands: `due` (to pay), `processing` (authorised, being captured), `paid`,
 * `refunded` (paid, then the return was rejected), `released` (never paid; the return was rejected).
 */
export const DIFFERENCE_STATUSES = ["due", "processing", "paid", "refunded", "released"] as const;
export type DifferenceStatus = (typeof DIFFERENCE_STATUSES)[number];
export const DIFFERENCE_STATUS_NAMES: Record<DifferenceStatus, string> = {
  due: "to pay",
  processing: "being confirmed",
  paid: "paid",
  refunded: "refunded",
  released: "released unpaid",
};

export const RETURN_STATES = ["requested", "received", "refunded", "exchanged", "rejected"] as const;
export type ReturnState = (typeof RETURN_STATES)[number];
export const RETURN_STATE_NAMES: Record<ReturnState, string> = {
  requested: "Requested",
  received: "Received",
  refunded: "Refunded",
  exchanged: "Exchanged",
  rejected: "Rejected",
};

/** The order statuses a shopper may return from (within the window after delivery), and a claim may be opened on. */
export const RETURNABLE_ORDER_STATUSES = ["delivered", "completed"] as const;
export const CLAIMABLE_ORDER_STATUSES = ["shipped", "delivered", "completed"] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last moment a return may be registered for an order delivered at `deliveredAt` (ISO). */
export const returnWindowEndsAt = (deliveredAt: string) =>
  new Date(Date.parse(deliveredAt) + RETURN_POLICY_TERMS.windowDays * DAY_MS).toISOString();

export const withinReturnWindow = (deliveredAt: string, now: Date) => now.getTime() <= Date.parse(returnWindowEndsAt(deliveredAt));

/** A return's code as the shop writes it (RT-7K3F-9Q2A): on the label, in e-mails and in paths. */
export const RETURN_CODE_PATTERN = /^RT-[A-Z0-9]{4}-[A-Z0-9]{4}$/;

/** Limits of what a return or a claim takes. */
export const RETURN_LIMITS = { itemsMax: 100, noteMax: 2000, rejectionMax: 500 } as const;
