import { validationError } from "#api/core/errors.ts";
import { MSG } from "#contract/messages.ts";
import type { HostedCheckoutRequest } from "#contract/schemas/checkout.ts";

/**
 * Refuses (400 VALIDATION_ERROR, a detail per field) a hosted checkout whose return or cancel address is not on the
 * shop's own origin: the provider sends the shopper there, so any other would make the shop's checkout a way to
 * another site.
 */
export function requireShopReturnUrls(shopUrl: string, request: Pick<HostedCheckoutRequest, "returnUrl" | "cancelUrl">): void {
  const origin = new URL(shopUrl).origin;
  const details = (["returnUrl", "cancelUrl"] as const)
    .filter((field) => new URL(request[field]).origin !== origin)
    .map((path) => ({ path, message: MSG.payment.returnUrlOffShop }));
  if (details.length > 0) throw validationError(MSG.payment.returnUrlOffShop, details);
}
