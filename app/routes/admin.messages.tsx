import { Form } from "react-router";
import { asQuery } from "#app/api-client/api.server.ts";
import { contactMessageListSchema, contactMessageSchema } from "#app/api-client/responses.server.ts";
import { adminMeta, adminQueryHref } from "#app/features/admin/admin.ts";
import { adminButtonAction, adminRead } from "#app/features/admin/admin-catalogue.server.ts";
import { AdminPager } from "#app/features/admin/admin-pager.tsx";
import { type AdminColumn, AdminTable } from "#app/features/admin/admin-table.tsx";
import { formatOrderDate } from "#app/features/orders/orders.ts";
import { readForm, refuse } from "#app/forms/form-data.server.ts";
import { pagePath } from "#app/session/auth.server.ts";
import { Button } from "#app/ui/button.tsx";
import type { ContactMessageDto } from "#contract/dto/admin-catalogue.ts";
import { MSG } from "#contract/messages.ts";
import { adminMessageParamSchema, adminPageQuerySchema } from "#contract/schemas/admin-catalogue.ts";
import type { Route } from "./+types/admin.messages";

const T = MSG.adminCatalogue;

export const meta: Route.MetaFunction = () => adminMeta(T.messagesTitle);

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = adminPageQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw refuse(400, "Malformed page");
  const { data: answer, pagination } = await adminRead(request, context, {
    send: (c) => c.admin.messages.$get({ query: asQuery(query.data) }),
    schema: contactMessageListSchema,
  });
  return { messages: answer.messages, pagination };
}

/** Marks a message handled; back to the same list page with the answer as a toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  return adminButtonAction(request, context, {
    id: { messageId: formData.get("messageId") },
    idSchema: adminMessageParamSchema,
    call: ({ messageId }) => ({
      send: (c) => c.admin.messages[":messageId"].handled.$post({ param: { messageId: String(messageId) } }),
      schema: contactMessageSchema,
    }),
    back: pagePath(request),
  });
}

const COLUMNS: AdminColumn<ContactMessageDto>[] = [
  { header: T.columns.date, cell: (message) => formatOrderDate(message.created_at) },
  {
    header: T.columns.from,
    cell: (message) => (
      <>
        {message.first_name} {message.last_name}
        <br />
        <a href={`mailto:${message.email}`}>{message.email}</a>
        {message.phone ? (
          <>
            <br />
            {message.phone}
          </>
        ) : null}
        {message.order_number ? (
          <>
            <br />
            {message.order_number}
          </>
        ) : null}
      </>
    ),
  },
  { header: T.columns.subject, cell: (message) => message.subject },
  { header: T.columns.message, cell: (message) => <span className="admin-message">{message.message}</span> },
  {
    header: T.columns.status,
    cell: (message) =>
      message.handled_at ? (
        T.handledBy(message.handled_by ?? "", formatOrderDate(message.handled_at))
      ) : (
        <Form method="post">
          <input type="hidden" name="messageId" value={message.id} />
          <Button type="submit" variant="outline">
            {T.markHandled}
          </Button>
        </Form>
      ),
  },
];

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { messages, pagination } = loaderData;
  return (
    <>
      <h1 className="admin-heading">{T.messagesTitle}</h1>
      <AdminTable caption={T.messagesTitle} columns={COLUMNS} rows={messages} rowKey={(message) => message.id} />
      {pagination ? (
        <AdminPager
          page={pagination.page}
          totalPages={pagination.totalPages}
          hrefFor={(page) => adminQueryHref("/admin/messages", {}, { page })}
        />
      ) : null}
    </>
  );
}
