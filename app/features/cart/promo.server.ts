import { MSG } from "#contract/messages.ts";
import { toGbp, toPence } from "#contract/money.ts";
import type { ApiClient } from "../../api-client/api.server.ts";
import { promoResultSchema } from "../../api-client/responses.server.ts";
import type { AppliedPromo } from "../checkout/checkout.ts";

export type PromoCheck = { ok: true; promo: AppliedPromo; message: string } | { ok: false; message: string };

/**
 * Asks the API whether `code` applies to a basket of `basketPence` (goods with extras, without shipping).
 * The discount is always the server's; a refusal carries the server's text, else the spec's fallback.
 */
export async function checkPromo(api: ApiClient, code: string, basketPence: number, token: string | null): Promise<PromoCheck> {
  const result = await api({
    send: (c) => c.public["validate-promo-code"].$post({ json: { code, cartTotal: toGbp(basketPence) } }),
    token,
    schema: promoResultSchema,
  });
  if (result.ok) {
    return {
      ok: true,
      promo: { code: result.data.promoCode.code, discountPence: toPence(result.data.discountAmount) },
      message: result.message || MSG.promo.applied(result.data.discountAmount.toFixed(2)),
    };
  }
  if (result.callerDecides) return { ok: false, message: result.details[0]?.message ?? (result.message || MSG.promo.validateFailed) };
  return { ok: false, message: result.status === 400 ? result.message : MSG.promo.validateFailed };
}
