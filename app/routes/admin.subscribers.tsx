import { subscriberListSchema } from "#app/api-client/responses.server.ts";
import { adminMeta } from "#app/features/admin/admin.ts";
import { adminRead } from "#app/features/admin/admin-catalogue.server.ts";
import { buttonClass } from "#app/ui/button.tsx";
import { MSG } from "#contract/messages.ts";
import type { Route } from "./+types/admin.subscribers";

const T = MSG.adminCatalogue;

export const meta: Route.MetaFunction = () => adminMeta(T.subscribersTitle);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data: answer } = await adminRead(request, context, { send: (c) => c.admin.subscribers.$get(), schema: subscriberListSchema });
  return { count: answer.subscribers.length };
}

/** The newsletter list's size and its CSV download (a plain link: the file comes from `/admin/subscribers.csv`). */
export default function AdminSubscribers({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="admin-heading">{T.subscribersTitle}</h1>
      <section className="admin-panel">
        <p>{T.subscriberCount(loaderData.count)}</p>
        <div className="admin-actions">
          <a className={buttonClass()} href="/admin/subscribers.csv" download>
            {T.exportCsv}
          </a>
        </div>
      </section>
    </>
  );
}
