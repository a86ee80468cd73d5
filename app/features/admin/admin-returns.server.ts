import { data, type RouterContextProvider } from "react-router";
import type { ClaimReply } from "#app/features/admin/claim-form.tsx";
import { SHIP_FIELDS } from "#app/features/admin/ship-form.tsx";
import type { AdminReturnDto } from "#contract/dto/returns.ts";
import { MSG } from "#contract/messages.ts";
import type { ShipOrderInput } from "#contract/schemas/admin-orders.ts";
import { shopperIssueText } from "#contract/schemas/issue-texts.ts";
import {
  type AdminReturnListQuery,
  type ClaimRequest,
  claimRequestSchema,
  type ReceiveReturnInput,
  type RefundReturnInput,
  returnCodeParam,
} from "#contract/schemas/returns.ts";
import { type ApiClient, apiFor, asQuery } from "../../api-client/api.server.ts";
import { callForForm } from "../../api-client/form-api.server.ts";
import { adminReturnListSchema, adminReturnSchema } from "../../api-client/responses.server.ts";
import { redirectWithToast } from "../../session/session.server.ts";
import { claimFormErrors, claimFormValues, claimRequestOf } from "../returns/claim-form.ts";
import { requireOperator } from "./admin.server.ts";

/**
 * The back office's calls to the returns API (`/admin/returns`, `/admin/orders/{code}/claims`): one function per
 * operator endpoint, each with its answer's schema. The steps answer as `callForForm` does, errors put on the
 * fields each form names.
 */

export const REFUND_FIELDS = ["amount"] as const;
export const REJECT_FIELDS = ["reason"] as const;
export const CLAIM_FIELDS = ["reason", "outcome", "goods_back", "note", "items"] as const;

export const adminReturnsApi = {
  list: (api: ApiClient, token: string, query: AdminReturnListQuery) =>
    api({ send: (c) => c.admin.returns.$get({ query: asQuery(query) }), token, schema: adminReturnListSchema }),

  detail: (api: ApiClient, token: string, code: string) =>
    api({ send: (c) => c.admin.returns[":code"].$get({ param: { code: encodeURIComponent(code) } }), token, schema: adminReturnSchema }),

  receive: (api: ApiClient, token: string, code: string, input: ReceiveReturnInput) =>
    callForForm(
      api,
      {
        send: (c) => c.admin.returns[":code"].receive.$post({ param: { code: encodeURIComponent(code) }, json: input }),
        token,
        schema: adminReturnSchema,
      },
      [],
      MSG.helper.server,
    ),

  refund: (api: ApiClient, token: string, code: string, input: RefundReturnInput) =>
    callForForm(
      api,
      {
        send: (c) => c.admin.returns[":code"].refund.$post({ param: { code: encodeURIComponent(code) }, json: input }),
        token,
        schema: adminReturnSchema,
      },
      REFUND_FIELDS,
      MSG.helper.server,
    ),

  ship: (api: ApiClient, token: string, code: string, input: ShipOrderInput) =>
    callForForm(
      api,
      {
        send: (c) => c.admin.returns[":code"].ship.$post({ param: { code: encodeURIComponent(code) }, json: input }),
        token,
        schema: adminReturnSchema,
      },
      SHIP_FIELDS,
      MSG.admin.orders.shipNeedsTracking,
    ),

  reject: (api: ApiClient, token: string, code: string, input: { reason: string }) =>
    callForForm(
      api,
      {
        send: (c) => c.admin.returns[":code"].reject.$post({ param: { code: encodeURIComponent(code) }, json: input }),
        token,
        schema: adminReturnSchema,
      },
      REJECT_FIELDS,
      MSG.helper.server,
    ),

  openClaim: (api: ApiClient, token: string, orderCode: string, input: ClaimRequest) =>
    callForForm(
      api,
      {
        send: (c) => c.admin.orders[":code"].claims.$post({ param: { code: encodeURIComponent(orderCode) }, json: input }),
        token,
        schema: adminReturnSchema,
      },
      CLAIM_FIELDS,
      MSG.helper.server,
    ),
};

/** The return of the URL's `:code` for its page: 404 for none, 400 for a code that is not one. */
export async function loadAdminReturn(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { code?: string },
): Promise<{ token: string; ret: AdminReturnDto }> {
  const { token } = await requireOperator(request, context);
  const code = returnCodeParam.safeParse(params);
  if (!code.success) throw data(code.error.issues[0]?.message, { status: 400 });
  const outcome = await adminReturnsApi.detail(apiFor(context), token, code.data.code);
  if (!outcome.ok) throw data(outcome.message, { status: outcome.status ?? 503 });
  return { token, ret: outcome.data };
}

/**
 * The order page's claim form: parsed with the contract's claim schema, then opened through the API. Success goes to
 * the claim's page with a toast; any failure comes back on the form with what was typed.
 */
export async function openClaimFromForm(request: Request, api: ApiClient, token: string, orderCode: string, formData: FormData) {
  const values = claimFormValues(formData);
  const input = claimRequestOf(values);
  const parsed = claimRequestSchema.safeParse(input, { error: shopperIssueText });
  if (!parsed.success) {
    const reply: ClaimReply = { values, errors: claimFormErrors(parsed.error, input), formError: null };
    return data({ claim: reply }, { status: 400 });
  }
  const outcome = await adminReturnsApi.openClaim(api, token, orderCode, parsed.data);
  if (outcome.ok) {
    return redirectWithToast(request, `/admin/returns/${outcome.data.code}`, "success", MSG.adminReturns.claimOpened, { status: 303 });
  }
  const reply: ClaimReply = { values, errors: outcome.fieldErrors, formError: outcome.formError };
  return data({ claim: reply }, { status: outcome.status ?? 503 });
}
