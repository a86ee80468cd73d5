import { data, Form, Link } from "react-router";
import { apiFor } from "#app/api-client/api.server.ts";
import { adminProductSchema } from "#app/api-client/responses.server.ts";
import { requireOperator } from "#app/features/admin/admin.server.ts";
import { adminMeta } from "#app/features/admin/admin.ts";
import { adminRead } from "#app/features/admin/admin-catalogue.server.ts";
import { readForm } from "#app/forms/form-data.server.ts";
import { redirectWithToast } from "#app/session/session.server.ts";
import { Button, ButtonLink } from "#app/ui/button.tsx";
import { CheckField, Field } from "#app/ui/field.tsx";
import type { ErrorDetail } from "#contract/envelope.ts";
import { MSG } from "#contract/messages.ts";
import { encodeProductId } from "#contract/product-id.ts";
import { adminProductParamSchema, adminProductUpdateSchema } from "#contract/schemas/admin-catalogue.ts";
import { shopperIssueText } from "#contract/schemas/issue-texts.ts";
import type { Route } from "./+types/admin.products.$id";

const T = MSG.adminCatalogue;

export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta(loaderData?.product.name ?? T.editProduct);

function productId(params: { id?: string }): number {
  const parsed = adminProductParamSchema.safeParse({ productId: params.id });
  if (!parsed.success) throw data(T.productNotFound, { status: 404 });
  return parsed.data.productId;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { data: product } = await adminRead(request, context, {
    send: (c) => c.admin.products[":productId"].$get({ param: { productId: String(productId(params)) } }),
    schema: adminProductSchema,
  });
  return { product };
}

/** A variant's stock field is named after the variant, so the form stays flat however many variants there are. */
const stockField = (variantId: number | string) => `stock-${variantId}`;

/** The form's errors by field name, from the schema's or the API's issue paths (`variants.2.stock` → `stock-<id>`). */
function errorsByField(details: readonly ErrorDetail[], variantIds: readonly string[]) {
  const errors: Record<string, string> = {};
  for (const { path, message } of details) {
    const [head, index] = path.split(".");
    const field = head === "variants" && index !== undefined ? stockField(variantIds[Number(index)] ?? "") : (head ?? "");
    errors[field] ??= message;
  }
  return errors;
}

/**
 * Saves the product page: pounds from the form, checked with the API's own schema, then PUT; back to the page with a
 * toast. A refusal answers in place with every value typed kept and each error on its field.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { token } = await requireOperator(request, context);
  const id = productId(params);
  const formData = await readForm(request);
  const values = Object.fromEntries([...formData].map(([name, value]) => [name, String(value)]));
  const variantIds = Object.keys(values).flatMap((name) => /^stock-(\d+)$/.exec(name)?.[1] ?? []);
  const input = {
    price: values.price,
    original_price: values.original_price,
    active: values.active,
    final_sale: values.final_sale,
    variants: variantIds.map((variantId) => ({ id: variantId, stock: values[stockField(variantId)] })),
  };
  const parsed = adminProductUpdateSchema.safeParse(input, { error: shopperIssueText });
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
    return data({ values, errors: errorsByField(details, variantIds), formError: null }, { status: 400 });
  }
  const outcome = await apiFor(context)({
    send: (c) => c.admin.products[":productId"].$put({ param: { productId: String(id) }, json: parsed.data }),
    token,
    schema: adminProductSchema,
  });
  if (outcome.ok) return redirectWithToast(request, `/admin/products/${id}`, "success", outcome.message, { status: 303 });
  const errors = errorsByField(outcome.details, variantIds);
  return data({ values, errors, formError: Object.keys(errors).length > 0 ? null : outcome.message }, { status: outcome.status ?? 503 });
}

export default function AdminProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product } = loaderData;
  const typed = actionData?.values;
  const errors = actionData?.errors ?? {};
  const value = (name: string, saved: string | number) => typed?.[name] ?? String(saved);
  return (
    <>
      <p>
        <Link to="/admin/products">{T.backToProducts}</Link>
      </p>
      <h1 className="admin-heading">{product.name}</h1>
      <p className="admin-muted">
        {T.columns.sku}: {product.sku} · {T.columns.stock}: {product.stock_total}
      </p>
      <Form method="post" className="admin-panel admin-product-form" aria-label={T.editProduct}>
        {actionData?.formError ? (
          <p className="field__error" role="alert">
            {actionData.formError}
          </p>
        ) : null}
        <div className="admin-product-form__prices">
          <Field
            label={T.priceLabel}
            errors={errors.price}
            inputProps={{ name: "price", inputMode: "decimal", defaultValue: value("price", product.price.toFixed(2)), required: true }}
          />
          <Field
            label={T.originalPriceLabel}
            hint={T.originalPriceHint}
            errors={errors.original_price}
            inputProps={{
              name: "original_price",
              inputMode: "decimal",
              defaultValue: value("original_price", product.original_price.toFixed(2)),
              required: true,
            }}
          />
        </div>
        <CheckField label={T.activeLabel} inputProps={{ name: "active", defaultChecked: typed ? typed.active === "on" : product.active }} />
        <CheckField
          label={T.finalSaleLabel}
          inputProps={{ name: "final_sale", defaultChecked: typed ? typed.final_sale === "on" : product.final_sale }}
        />
        <fieldset className="admin-product-form__variants">
          <legend className="admin-subheading">{T.variantsHeading}</legend>
          {product.variants.map((variant) => (
            <Field
              key={variant.id}
              label={T.stockLabel(`${variant.color_name} / ${variant.size}`)}
              hint={variant.sku}
              errors={errors[stockField(variant.id)]}
              inputProps={{
                name: stockField(variant.id),
                inputMode: "numeric",
                defaultValue: value(stockField(variant.id), variant.stock),
                required: true,
              }}
            />
          ))}
        </fieldset>
        <div className="admin-actions">
          <Button type="submit">{T.save}</Button>
          <ButtonLink to={`/product/${encodeProductId(product.id)}`} variant="link">
            {T.viewInShop}
          </ButtonLink>
        </div>
      </Form>
    </>
  );
}
