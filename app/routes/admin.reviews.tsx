import { Form, Link } from "react-router";
import { asQuery } from "#app/api-client/api.server.ts";
import { adminReviewListSchema, adminReviewSchema } from "#app/api-client/responses.server.ts";
import { adminMeta, adminQueryHref } from "#app/features/admin/admin.ts";
import { adminButtonAction, adminRead } from "#app/features/admin/admin-catalogue.server.ts";
import { AdminPager } from "#app/features/admin/admin-pager.tsx";
import { type AdminColumn, AdminTable } from "#app/features/admin/admin-table.tsx";
import { formatOrderDate } from "#app/features/orders/orders.ts";
import { readForm, refuse } from "#app/forms/form-data.server.ts";
import { pagePath } from "#app/session/auth.server.ts";
import { Button } from "#app/ui/button.tsx";
import type { AdminReviewDto } from "#contract/dto/admin-catalogue.ts";
import { MSG } from "#contract/messages.ts";
import { adminReviewParamSchema, adminReviewsQuerySchema } from "#contract/schemas/admin-catalogue.ts";
import type { Route } from "./+types/admin.reviews";

const T = MSG.adminCatalogue;

export const meta: Route.MetaFunction = () => adminMeta(T.reviewsTitle);

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = adminReviewsQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw refuse(400, "Malformed review filter");
  const { data: answer, pagination } = await adminRead(request, context, {
    send: (c) => c.admin.reviews.$get({ query: asQuery(query.data) }),
    schema: adminReviewListSchema,
  });
  return { reviews: answer.reviews, pagination, query: query.data };
}

/** Hides a review from the shop or shows it again; back to the same list page with the answer as a toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const hide = formData.get("intent") !== "unhide";
  return adminButtonAction(request, context, {
    id: { reviewId: formData.get("reviewId") },
    idSchema: adminReviewParamSchema,
    call: ({ reviewId }) => ({
      send: (c) => {
        const review = c.admin.reviews[":reviewId"];
        return (hide ? review.hide : review.unhide).$post({ param: { reviewId: String(reviewId) } });
      },
      schema: adminReviewSchema,
    }),
    back: pagePath(request),
  });
}

const COLUMNS: AdminColumn<AdminReviewDto>[] = [
  { header: T.columns.date, cell: (review) => formatOrderDate(review.created_at) },
  {
    header: T.columns.product,
    cell: (review) => <Link to={adminQueryHref("/admin/reviews", {}, { product: review.product_id })}>{review.product_name}</Link>,
  },
  {
    header: T.columns.reviewer,
    cell: (review) => (
      <>
        {review.reviewer_name}
        <br />
        <span className="admin-muted">{review.reviewer_email}</span>
      </>
    ),
  },
  { header: T.columns.rating, cell: (review) => `${review.rating} / 5`, numeric: true },
  { header: T.columns.review, cell: (review) => review.comment ?? "" },
  { header: T.columns.status, cell: (review) => (review.hidden_at ? T.hidden : T.shown) },
  {
    header: T.columns.action,
    cell: (review) => (
      <Form method="post">
        <input type="hidden" name="reviewId" value={review.id} />
        <input type="hidden" name="intent" value={review.hidden_at ? "unhide" : "hide"} />
        <Button type="submit" variant="outline">
          {review.hidden_at ? T.unhide : T.hide}
        </Button>
      </Form>
    ),
  },
];

export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  const { reviews, pagination, query } = loaderData;
  const productName = query.product === undefined ? undefined : reviews[0]?.product_name;
  return (
    <>
      <h1 className="admin-heading">{productName ? T.reviewsOf(productName) : T.reviewsTitle}</h1>
      {query.product !== undefined ? (
        <p>
          <Link to="/admin/reviews">{T.allProducts}</Link>
        </p>
      ) : null}
      <AdminTable caption={T.reviewsTitle} columns={COLUMNS} rows={reviews} rowKey={(review) => review.id} />
      {pagination ? (
        <AdminPager
          page={pagination.page}
          totalPages={pagination.totalPages}
          hrefFor={(page) => adminQueryHref("/admin/reviews", { product: query.product }, { page })}
        />
      ) : null}
    </>
  );
}
