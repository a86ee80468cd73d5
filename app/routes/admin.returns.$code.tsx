import type { ReactNode } from "react";
import { data, Form, Link } from "react-router";
import { apiFor } from "#app/api-client/api.server.ts";
import { FormAlert } from "#app/features/account/form-messages.tsx";
import { requireOperator } from "#app/features/admin/admin.server.ts";
import { adminMeta, formatAdminTime } from "#app/features/admin/admin.ts";
import { AdminFacts } from "#app/features/admin/admin-facts.tsx";
import { fieldErrorsOf, shipFromForm } from "#app/features/admin/admin-forms.server.ts";
import { AdminPanel } from "#app/features/admin/admin-panel.tsx";
import { adminReturnsApi, loadAdminReturn, REFUND_FIELDS, REJECT_FIELDS } from "#app/features/admin/admin-returns.server.ts";
import { type AdminColumn, AdminTable } from "#app/features/admin/admin-table.tsx";
import { ShipForm } from "#app/features/admin/ship-form.tsx";
import { AdminStatusBadge } from "#app/features/admin/status-badge.tsx";
import { pounds } from "#app/features/orders/orders.ts";
import { readForm, refuse } from "#app/forms/form-data.server.ts";
import { redirectWithToast } from "#app/session/session.server.ts";
import { buttonClass } from "#app/ui/button.tsx";
import { CheckField, Field, TextareaField } from "#app/ui/field.tsx";
import { PLACEHOLDER_IMAGE } from "#contract/constants.ts";
import type { AdminReturnDto, ReturnItemDto } from "#contract/dto/returns.ts";
import { MSG } from "#contract/messages.ts";
import { DIFFERENCE_STATUS_NAMES, RETURN_LIMITS } from "#contract/returns.ts";
import { shopperIssueText } from "#contract/schemas/issue-texts.ts";
import { receiveReturnSchema, refundReturnSchema, rejectReturnSchema, returnCodeParam } from "#contract/schemas/returns.ts";
import type { Route } from "./+types/admin.returns.$code";

const T = MSG.adminReturns;

export const meta: Route.MetaFunction = ({ params }) => adminMeta(`${T.title} ${params.code}`);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { ret } = await loadAdminReturn(request, context, params);
  return { ret };
}

interface RefundReply {
  typed: { amount: string };
  errors: Partial<Record<(typeof REFUND_FIELDS)[number], string[]>>;
  formError: string | null;
}

interface RejectReply {
  typed: { reason: string };
  errors: Partial<Record<(typeof REJECT_FIELDS)[number], string[]>>;
  formError: string | null;
}

/**
 * One action for the return's steps, each its own form: `intent=receive` (the restock boxes), `intent=refund` (an
 * amount), `intent=ship` (carrier and tracking number) and `intent=reject` (a reason). Success comes back to the page
 * with a toast; a refund the provider did not complete yet says so. Mistakes come back on their form with what was
 * typed; a step no longer open comes back with the reason as a toast.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { token } = await requireOperator(request, context);
  const code = returnCodeParam.safeParse(params);
  if (!code.success) throw refuse(400, "Not a return code");
  const formData = await readForm(request);
  const here = `/admin/returns/${code.data.code}`;
  const api = apiFor(context);
  const intent = formData.get("intent");
  const back = (outcome: { formError: string | null; message: string }) =>
    redirectWithToast(request, here, "error", outcome.formError ?? outcome.message, { status: 303 });

  if (intent === "receive") {
    const parsed = receiveReturnSchema.safeParse({ restock: formData.getAll("restock") });
    if (!parsed.success) throw refuse(400, "Not items of this return");
    const outcome = await adminReturnsApi.receive(api, token, code.data.code, parsed.data);
    return outcome.ok ? redirectWithToast(request, here, "success", T.received, { status: 303 }) : back(outcome);
  }

  if (intent === "refund") {
    const typed = { amount: String(formData.get("amount") ?? "").slice(0, 32) };
    const parsed = refundReturnSchema.safeParse(typed, { error: shopperIssueText });
    if (!parsed.success) {
      const reply: RefundReply = { typed, errors: fieldErrorsOf(parsed.error, REFUND_FIELDS), formError: null };
      return data({ refund: reply }, { status: 400 });
    }
    const outcome = await adminReturnsApi.refund(api, token, code.data.code, parsed.data);
    if (outcome.ok) {
      // A refund the provider has not done is recorded and retried: the API says so (T.refundPending), as a warning.
      const tone = outcome.data.refund_pending > 0 ? "warning" : "success";
      return redirectWithToast(request, here, tone, outcome.message, { status: 303 });
    }
    const reply: RefundReply = { typed, errors: outcome.fieldErrors, formError: outcome.formError };
    return data({ refund: reply }, { status: outcome.status ?? 503 });
  }

  if (intent === "ship") {
    return shipFromForm(
      request,
      formData,
      here,
      (input) => adminReturnsApi.ship(api, token, code.data.code, input),
      () => T.shipped,
    );
  }

  if (intent !== "reject") throw refuse(400, "Unknown return action");
  const typed = { reason: String(formData.get("reason") ?? "").slice(0, RETURN_LIMITS.rejectionMax * 2) };
  const parsed = rejectReturnSchema.safeParse(typed, { error: shopperIssueText });
  if (!parsed.success) {
    const reply: RejectReply = { typed, errors: fieldErrorsOf(parsed.error, REJECT_FIELDS), formError: null };
    return data({ reject: reply }, { status: 400 });
  }
  const outcome = await adminReturnsApi.reject(api, token, code.data.code, parsed.data);
  if (outcome.ok) return redirectWithToast(request, here, "success", T.rejected, { status: 303 });
  const reply: RejectReply = { typed, errors: outcome.fieldErrors, formError: outcome.formError };
  return data({ reject: reply }, { status: outcome.status ?? 503 });
}

const resolutionOf = (item: ReturnItemDto) =>
  item.resolution === "exchange" && item.exchange_variant_name ? T.exchangeFor(item.exchange_variant_name) : MSG.returns.resolutionRefund;

const ITEM_COLUMNS: AdminColumn<ReturnItemDto>[] = [
  {
    header: "Item",
    cell: (item) => (
      <span className="admin-item">
        <img src={item.product_image || PLACEHOLDER_IMAGE} alt="" width={48} height={64} loading="lazy" />
        <span>{item.product_name}</span>
      </span>
    ),
  },
  { header: "Variant", cell: (item) => item.variant_name || "–" },
  { header: "SKU", cell: (item) => item.product_sku, token: true },
  { header: "Qty", cell: (item) => item.quantity, numeric: true },
  { header: "Paid each", cell: (item) => pounds(item.unit_paid), numeric: true },
  { header: "Resolution", cell: resolutionOf },
  { header: "Stock", cell: (item) => (item.restocked === null ? "–" : item.restocked ? T.restockedYes : T.restockedNo) },
];

export default function AdminReturn({ loaderData, actionData }: Route.ComponentProps) {
  const { ret } = loaderData;
  const here = `/admin/returns/${ret.code}`;
  const steps = new Set(ret.next_steps);
  return (
    <>
      <p>
        <Link to="/admin/returns" className={buttonClass({ variant: "link" })}>
          {T.backToList}
        </Link>
      </p>
      <header className="admin-order__header">
        <h1 className="admin-heading">{T.heading(ret.kind, ret.code)}</h1>
        <AdminStatusBadge status={ret.state} />
        <p className="admin-order__placed">{T.opened(formatAdminTime(ret.created_at))}</p>
      </header>

      <AdminPanel id="return-actions" title={T.nextStep}>
        {ret.refund_pending > 0 ? (
          <p className="form-message form-message--warning" role="status">
            {T.refundPending}
          </p>
        ) : null}
        {steps.size === 0 ? <p>{T.nothingLeft}</p> : null}
        <div className="admin-steps">
          {steps.has("receive") ? <ReceiveForm here={here} items={ret.items} /> : null}
          {steps.has("refund") ? (
            <RefundForm here={here} ret={ret} reply={actionData && "refund" in actionData ? actionData.refund : undefined} />
          ) : null}
          {steps.has("ship") ? (
            <ShipForm action={here} title={T.shipTitle} reply={actionData && "ship" in actionData ? actionData.ship : undefined} />
          ) : null}
          {steps.has("reject") ? (
            <RejectForm here={here} reply={actionData && "reject" in actionData ? actionData.reject : undefined} />
          ) : null}
        </div>
      </AdminPanel>

      <section aria-labelledby="return-items" className="admin-section">
        <h2 id="return-items" className="admin-subheading">
          Items
        </h2>
        <AdminTable caption="Items" columns={ITEM_COLUMNS} rows={ret.items} rowKey={(item) => item.id} />
      </section>

      <div className="admin-grid">
        <AdminPanel id="return-customer" title="Customer">
          <AdminFacts
            rows={[
              ["Name", ret.customer.name],
              [
                "E-mail",
                <a key="email" href={`mailto:${ret.customer.email}`}>
                  {ret.customer.email}
                </a>,
              ],
            ]}
          />
        </AdminPanel>
        <AdminPanel id="return-why" title="Why">
          <AdminFacts
            rows={[
              [
                "Order",
                <Link key="order" to={`/admin/orders/${ret.order_code}`} className="admin-token">
                  {ret.order_code}
                </Link>,
              ],
              ["Reason", ret.reason_name],
              ["Note", ret.note ?? "–"],
              ["Opened by", ret.opened_by ?? ret.customer.email],
              ["Goods back", ret.goods_back ? "Yes" : "No"],
            ]}
          />
        </AdminPanel>
        <AdminPanel id="return-refunds" title="Refunds">
          <AdminFacts
            rows={[
              ["Refunded", pounds(ret.refunded)],
              ["Pending", pounds(ret.refund_pending)],
              // What the refund form offers, while its step is still to come.
              ...(ret.state === "requested" || steps.has("refund") ? [["Owed", pounds(ret.refund_due)] as [string, ReactNode]] : []),
              ["Left on the order", pounds(ret.refundable)],
              ...(ret.difference
                ? [
                    [T.differenceLabel, `${pounds(ret.difference.amount)} ${DIFFERENCE_STATUS_NAMES[ret.difference.status]}`] as [
                      string,
                      ReactNode,
                    ],
                  ]
                : []),
            ]}
          />
        </AdminPanel>
        {ret.shipment ? (
          <AdminPanel id="return-shipment" title="Shipment">
            <AdminFacts
              rows={[
                ["Carrier", ret.shipment.carrier_name],
                [
                  "Tracking",
                  <a key="tracking" href={ret.shipment.tracking_url} rel="noreferrer" target="_blank">
                    {ret.shipment.tracking_number}
                  </a>,
                ],
                ["Shipped", ret.shipped_at ? formatAdminTime(ret.shipped_at) : "–"],
              ]}
            />
          </AdminPanel>
        ) : null}
        <AdminPanel id="return-history" title="History">
          <AdminFacts
            rows={[
              ["Opened", formatAdminTime(ret.created_at)],
              ["Received", ret.received_at ? formatAdminTime(ret.received_at) : "–"],
              ["Refunded", ret.refunded_at ? formatAdminTime(ret.refunded_at) : "–"],
              ["Shipped", ret.shipped_at ? formatAdminTime(ret.shipped_at) : "–"],
              ...(ret.rejection_reason ? [["Rejected", ret.rejection_reason] as [string, ReactNode]] : []),
            ]}
          />
        </AdminPanel>
      </div>
    </>
  );
}

/** requested → received: a restock box per item; an item left unticked (damaged, worn) stays out of stock. */
function ReceiveForm({ here, items }: { here: string; items: readonly ReturnItemDto[] }) {
  return (
    <Form method="post" action={here} className="admin-ship" aria-labelledby="receive-heading">
      <h3 id="receive-heading" className="admin-ship__title">
        {T.receiveTitle}
      </h3>
      <p id="receive-hint">{T.receiveHint}</p>
      <input type="hidden" name="intent" value="receive" />
      {items.map((item) => (
        <CheckField
          key={item.id}
          label={T.restockLabel(`${item.product_name} (${item.variant_name}) × ${item.quantity}`)}
          inputProps={{ name: "restock", value: item.id, "aria-describedby": "receive-hint" }}
        />
      ))}
      <button type="submit" className={buttonClass()}>
        {T.receiveTitle}
      </button>
    </Form>
  );
}

/** The refund: the amount owed prefilled, what is left on the order as the most it may be. */
function RefundForm({ here, ret, reply }: { here: string; ret: AdminReturnDto; reply: RefundReply | undefined }) {
  return (
    <Form method="post" action={here} className="admin-ship" aria-labelledby="refund-heading" noValidate>
      <h3 id="refund-heading" className="admin-ship__title">
        {T.refundTitle}
      </h3>
      <FormAlert errors={reply?.formError ? [reply.formError] : null} />
      <input type="hidden" name="intent" value="refund" />
      <Field
        label={T.refundAmountLabel}
        hint={`${T.refundDueHint(pounds(ret.refund_due))} ${T.refundTooMuch(pounds(ret.refundable))}`}
        errors={reply?.errors.amount}
        inputProps={{
          id: "refund-amount",
          name: "amount",
          inputMode: "decimal",
          autoComplete: "off",
          defaultValue: reply?.typed.amount ?? ret.refund_due.toFixed(2),
          required: true,
        }}
      />
      <button type="submit" className={buttonClass()}>
        {T.refundTitle}
      </button>
    </Form>
  );
}

/** A rejection: the reason, which the shopper is mailed. */
function RejectForm({ here, reply }: { here: string; reply: RejectReply | undefined }) {
  return (
    <Form method="post" action={here} className="admin-ship" aria-labelledby="reject-heading" noValidate>
      <h3 id="reject-heading" className="admin-ship__title">
        {T.rejectTitle}
      </h3>
      <FormAlert errors={reply?.formError ? [reply.formError] : null} />
      <input type="hidden" name="intent" value="reject" />
      <TextareaField
        label={T.rejectionLabel}
        errors={reply?.errors.reason}
        textareaProps={{
          id: "reject-reason",
          name: "reason",
          rows: 3,
          maxLength: RETURN_LIMITS.rejectionMax,
          defaultValue: reply?.typed.reason ?? "",
          required: true,
        }}
      />
      <button type="submit" className={buttonClass({ variant: "outline" })}>
        {T.rejectTitle}
      </button>
    </Form>
  );
}
