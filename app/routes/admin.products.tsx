import { data, Form, Link } from "react-router";
import { apiFor, asQuery, unchecked } from "#app/api-client/api.server.ts";
import { adminProductListSchema, productImportResultSchema } from "#app/api-client/responses.server.ts";
import { requireOperator } from "#app/features/admin/admin.server.ts";
import { adminMeta, adminQueryHref } from "#app/features/admin/admin.ts";
import { adminRead } from "#app/features/admin/admin-catalogue.server.ts";
import { AdminPager } from "#app/features/admin/admin-pager.tsx";
import { AdminPanel } from "#app/features/admin/admin-panel.tsx";
import { type AdminColumn, AdminTable } from "#app/features/admin/admin-table.tsx";
import { FilterBar, FilterField } from "#app/features/admin/filter-bar.tsx";
import { formatAmount } from "#app/features/currency/price-format.ts";
import { readUploadForm, refuse } from "#app/forms/form-data.server.ts";
import { redirectWithToast } from "#app/session/session.server.ts";
import { Button } from "#app/ui/button.tsx";
import { ADMIN_CATALOGUE } from "#contract/constants.ts";
import type { AdminProductRowDto } from "#contract/dto/admin-catalogue.ts";
import { MSG } from "#contract/messages.ts";
import { adminProductsQuerySchema } from "#contract/schemas/admin-catalogue.ts";
import type { Route } from "./+types/admin.products";

const T = MSG.adminCatalogue;
const IMPORT_KB = Math.floor(ADMIN_CATALOGUE.importFileBytes / 1024);

export const meta: Route.MetaFunction = () => adminMeta(T.productsTitle);

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = adminProductsQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw refuse(400, "Malformed product search");
  const { data: answer, pagination } = await adminRead(request, context, {
    send: (c) => c.admin.products.$get({ query: asQuery(query.data) }),
    schema: adminProductListSchema,
  });
  return { products: answer.products, pagination, query: query.data };
}

/** What an import that failed shows: the file's problems, every one, or why the file could not be read. */
interface ImportReply {
  formError: string;
  problems: string[];
}

/** `products:import` from an upload: the file read within the form limits, parsed as JSON, then the API's all-or-nothing import. */
export async function action({ request, context }: Route.ActionArgs) {
  const { token } = await requireOperator(request, context);
  const file = (await readUploadForm(request)).get("file");
  const refused = (status: 400 | 413, formError: string, problems: string[] = []) =>
    data({ formError, problems } satisfies ImportReply, { status });
  if (!(file instanceof File) || file.size === 0) return refused(400, T.importFileMissing);
  if (file.size > ADMIN_CATALOGUE.importFileBytes) return refused(413, T.importFileTooLarge(IMPORT_KB));
  let products: unknown;
  try {
    products = JSON.parse(await file.text());
  } catch {
    return refused(400, T.importNotJson);
  }
  const outcome = await apiFor(context)({
    send: (c) => c.admin.products.import.$post({ json: unchecked(products) }),
    token,
    schema: productImportResultSchema,
  });
  if (outcome.ok) return redirectWithToast(request, "/admin/products", "success", outcome.message, { status: 303 });
  return data({ formError: outcome.message, problems: outcome.details.map((detail) => detail.message) } satisfies ImportReply, {
    status: outcome.status ?? 503,
  });
}

const COLUMNS: AdminColumn<AdminProductRowDto>[] = [
  { header: T.columns.product, cell: (product) => <Link to={`/admin/products/${product.id}`}>{product.name}</Link> },
  { header: T.columns.sku, cell: (product) => product.sku, token: true },
  { header: T.columns.price, cell: (product) => formatAmount(product.price, "£"), numeric: true },
  { header: T.columns.stock, cell: (product) => product.stock_total, numeric: true },
  { header: T.columns.status, cell: (product) => (product.active ? T.active : T.inactive) },
];

export default function AdminProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { products, pagination, query } = loaderData;
  return (
    <>
      <h1 className="admin-heading">{T.productsTitle}</h1>
      <FilterBar action="/admin/products" label={T.searchFormLabel}>
        <FilterField label={T.searchLabel} htmlFor="product-search">
          <input
            id="product-search"
            className="input"
            type="search"
            name="q"
            defaultValue={query.q}
            maxLength={ADMIN_CATALOGUE.searchMax}
          />
        </FilterField>
      </FilterBar>
      <AdminTable caption={T.productsTitle} columns={COLUMNS} rows={products} rowKey={(product) => product.id} />
      {pagination ? (
        <AdminPager
          page={pagination.page}
          totalPages={pagination.totalPages}
          hrefFor={(page) => adminQueryHref("/admin/products", { q: query.q }, { page })}
        />
      ) : null}
      <AdminPanel id="import-heading" title={T.importHeading}>
        <p className="field__hint">{T.importHint(IMPORT_KB)}</p>
        <Form method="post" encType="multipart/form-data" className="admin-import">
          <div className="field">
            <label className="field__label" htmlFor="import-file">
              {T.importFileLabel}
            </label>
            <input
              id="import-file"
              className="input"
              type="file"
              name="file"
              accept="application/json,.json"
              required
              aria-describedby={actionData ? "import-errors" : undefined}
              aria-invalid={actionData ? true : undefined}
            />
          </div>
          {actionData ? (
            <div id="import-errors" className="field__error" role="alert">
              <p>{actionData.formError}</p>
              {actionData.problems.length > 0 ? (
                <ul className="admin-problems">
                  {actionData.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
          <div className="admin-actions">
            <Button type="submit">{T.importSubmit}</Button>
          </div>
        </Form>
      </AdminPanel>
    </>
  );
}
