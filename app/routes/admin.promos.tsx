import { data, Form } from "react-router";
import { apiFor, unchecked } from "#app/api-client/api.server.ts";
import { callForForm } from "#app/api-client/form-api.server.ts";
import { adminPromoListSchema, adminPromoSchema } from "#app/api-client/responses.server.ts";
import { requireOperator } from "#app/features/admin/admin.server.ts";
import { adminMeta } from "#app/features/admin/admin.ts";
import { adminButtonAction, adminRead } from "#app/features/admin/admin-catalogue.server.ts";
import { AdminPanel } from "#app/features/admin/admin-panel.tsx";
import { type AdminColumn, AdminTable } from "#app/features/admin/admin-table.tsx";
import { formatAmount } from "#app/features/currency/price-format.ts";
import { formatOrderDate } from "#app/features/orders/orders.ts";
import { readForm } from "#app/forms/form-data.server.ts";
import { redirectWithToast } from "#app/session/session.server.ts";
import { Button } from "#app/ui/button.tsx";
import { CheckField, Field, SelectField } from "#app/ui/field.tsx";
import { PROMO_TYPES } from "#contract/checkout.ts";
import type { AdminPromoDto } from "#contract/dto/admin-catalogue.ts";
import { MSG } from "#contract/messages.ts";
import { adminPromoParamSchema } from "#contract/schemas/admin-catalogue.ts";
import type { Route } from "./+types/admin.promos";

const T = MSG.adminCatalogue;

export const meta: Route.MetaFunction = () => adminMeta(T.promosTitle);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data: answer } = await adminRead(request, context, { send: (c) => c.admin.promos.$get(), schema: adminPromoListSchema });
  return { promos: answer.promos };
}

/** The create form's fields, named as the API's `promo:create` rules name them, so its errors land on them. */
const FIELDS = [
  "code",
  "type",
  "value",
  "description",
  "minBasket",
  "starts",
  "ends",
  "usageLimit",
  "perCustomer",
  "firstPurchase",
] as const;

/** Creates a code (the API checks it by `promo:create`'s rules) or disables one; every answer comes back to this list. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  if (formData.get("intent") === "disable") {
    return adminButtonAction(request, context, {
      id: { code: formData.get("code") },
      idSchema: adminPromoParamSchema,
      call: ({ code }) => ({
        send: (c) => c.admin.promos[":code"].disable.$post({ param: { code: encodeURIComponent(code) } }),
        schema: adminPromoSchema,
      }),
      back: "/admin/promos",
    });
  }
  const { token } = await requireOperator(request, context);
  const values = Object.fromEntries(FIELDS.map((name) => [name, String(formData.get(name) ?? "")]));
  // Empty optional fields are left out, and the checkbox is a boolean, as `promo:create` takes them.
  const promo = {
    ...Object.fromEntries(Object.entries(values).filter(([, value]) => value !== "")),
    firstPurchase: values.firstPurchase === "on",
  };
  const outcome = await callForForm(
    apiFor(context),
    { send: (c) => c.admin.promos.$post({ json: unchecked(promo) }), token, schema: adminPromoSchema },
    FIELDS,
    T.promoCreateFailed,
  );
  if (outcome.ok) return redirectWithToast(request, "/admin/promos", "success", outcome.message, { status: 303 });
  return data({ values, fieldErrors: outcome.fieldErrors, formError: outcome.formError }, { status: outcome.status ?? 503 });
}

const discountOf = (promo: AdminPromoDto) => (promo.type === "percentage" ? `${promo.value}%` : formatAmount(promo.value, "£"));
const windowOf = (promo: AdminPromoDto) =>
  promo.starts_at || promo.ends_at
    ? `${promo.starts_at ? formatOrderDate(promo.starts_at) : ""} – ${promo.ends_at ? formatOrderDate(promo.ends_at) : ""}`
    : T.always;

const COLUMNS: AdminColumn<AdminPromoDto>[] = [
  {
    header: T.columns.code,
    cell: (promo) => (
      <>
        <strong>{promo.code}</strong>
        <br />
        <span className="admin-muted">{promo.description}</span>
      </>
    ),
  },
  { header: T.columns.discount, cell: discountOf, numeric: true },
  { header: T.columns.uses, cell: (promo) => `${promo.times_used} / ${promo.usage_limit ?? T.unlimited}`, numeric: true },
  { header: T.columns.window, cell: windowOf },
  { header: T.columns.status, cell: (promo) => (promo.active ? T.active : T.inactive) },
  {
    header: T.columns.action,
    cell: (promo) =>
      promo.active ? (
        <Form method="post">
          <input type="hidden" name="intent" value="disable" />
          <input type="hidden" name="code" value={promo.code} />
          <Button type="submit" variant="outline" aria-label={`${T.disable} ${promo.code}`}>
            {T.disable}
          </Button>
        </Form>
      ) : null,
  },
];

export default function AdminPromos({ loaderData, actionData }: Route.ComponentProps) {
  const typed = actionData?.values;
  const errors = actionData?.fieldErrors ?? {};
  const F = T.promoFields;
  return (
    <>
      <h1 className="admin-heading">{T.promosTitle}</h1>
      <AdminTable caption={T.promosTitle} columns={COLUMNS} rows={loaderData.promos} rowKey={(promo) => promo.code} />
      <AdminPanel id="new-promo-heading" title={T.newPromo}>
        <Form method="post" className="admin-form-grid">
          {actionData?.formError ? (
            <p className="field__error admin-form-grid__wide" role="alert">
              {actionData.formError}
            </p>
          ) : null}
          <Field
            label={F.code}
            errors={errors.code}
            inputProps={{ name: "code", defaultValue: typed?.code, required: true, autoCapitalize: "characters" }}
          />
          <SelectField label={F.type} errors={errors.type} selectProps={{ name: "type", defaultValue: typed?.type ?? PROMO_TYPES[0] }}>
            {PROMO_TYPES.map((type) => (
              <option key={type} value={type}>
                {F[type]}
              </option>
            ))}
          </SelectField>
          <Field
            label={F.value}
            errors={errors.value}
            inputProps={{ name: "value", inputMode: "decimal", defaultValue: typed?.value, required: true }}
          />
          <Field
            label={F.minBasket}
            errors={errors.minBasket}
            inputProps={{ name: "minBasket", inputMode: "decimal", defaultValue: typed?.minBasket }}
          />
          <Field
            label={F.description}
            errors={errors.description}
            inputProps={{ name: "description", defaultValue: typed?.description }}
            className="admin-form-grid__wide"
          />
          <Field label={F.starts} errors={errors.starts} inputProps={{ name: "starts", type: "date", defaultValue: typed?.starts }} />
          <Field label={F.ends} errors={errors.ends} inputProps={{ name: "ends", type: "date", defaultValue: typed?.ends }} />
          <Field
            label={F.usageLimit}
            errors={errors.usageLimit}
            inputProps={{ name: "usageLimit", inputMode: "numeric", defaultValue: typed?.usageLimit }}
          />
          <Field
            label={F.perCustomer}
            errors={errors.perCustomer}
            inputProps={{ name: "perCustomer", inputMode: "numeric", defaultValue: typed?.perCustomer }}
          />
          <CheckField label={F.firstPurchase} inputProps={{ name: "firstPurchase", defaultChecked: typed?.firstPurchase === "on" }} />
          <div className="admin-actions admin-form-grid__wide">
            <Button type="submit">{T.createPromo}</Button>
          </div>
        </Form>
      </AdminPanel>
    </>
  );
}
