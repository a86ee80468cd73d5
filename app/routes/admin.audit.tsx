import { apiFor, asQuery } from "#app/api-client/api.server.ts";
import { auditListSchema } from "#app/api-client/responses.server.ts";
import { FormAlert } from "#app/features/account/form-messages.tsx";
import { requireOperator } from "#app/features/admin/admin.server.ts";
import { adminMeta, adminQueryHref, formatAdminTime } from "#app/features/admin/admin.ts";
import { AdminPager } from "#app/features/admin/admin-pager.tsx";
import { type AdminColumn, AdminTable } from "#app/features/admin/admin-table.tsx";
import { AuditChange } from "#app/features/admin/audit-change.tsx";
import { FilterBar, FilterField } from "#app/features/admin/filter-bar.tsx";
import type { AuditEntryDto } from "#contract/dto/admin-dashboard.ts";
import { MSG } from "#contract/messages.ts";
import { auditListQuery } from "#contract/schemas/admin-audit.ts";
import { shopperIssueText } from "#contract/schemas/issue-texts.ts";
import type { Route } from "./+types/admin.audit";

const T = MSG.adminAudit;

export const meta: Route.MetaFunction = () => adminMeta(T.title);

const FILTERS = ["actor", "action", "from", "to"] as const;

/** The filters come from the URL (the GET form); filters it cannot read are shown back with their reasons, and no list. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { token } = await requireOperator(request, context);
  const params = new URL(request.url).searchParams;
  const typed = Object.fromEntries(FILTERS.map((name) => [name, params.get(name)?.slice(0, 300) ?? ""]));
  const parsed = auditListQuery.safeParse({ ...typed, page: params.get("page") ?? undefined }, { error: shopperIssueText });
  if (!parsed.success) return { typed, errors: parsed.error.issues.map((issue) => issue.message), log: null, loadError: null };
  const result = await apiFor(context)({
    send: (c) => c.admin.audit.$get({ query: asQuery(parsed.data) }),
    token,
    schema: auditListSchema,
  });
  if (!result.ok) return { typed, errors: [], log: null, loadError: result.message };
  // An entry's before and after are any JSON, which the typed client's parsed type does not name as the DTO does.
  return { typed, errors: [], log: { ...result.data, entries: result.data.entries as AuditEntryDto[] }, loadError: null };
}

const COLUMNS: AdminColumn<AuditEntryDto>[] = [
  { header: T.when, cell: (entry) => formatAdminTime(entry.created_at) },
  { header: T.who, cell: (entry) => entry.actor_email },
  { header: T.what, cell: (entry) => <code>{entry.action}</code> },
  { header: T.subject, cell: (entry) => entry.subject },
  { header: `${T.before} → ${T.after}`, cell: (entry) => <AuditChange before={entry.before} after={entry.after} /> },
];

/** A select's choices: the log's own, and what the URL asked for when the log has none such. */
const choicesWith = (choices: readonly string[], typed: string) => (typed && !choices.includes(typed) ? [typed, ...choices] : choices);

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { typed, errors, log, loadError } = loaderData;
  const pagination = log?.pagination;
  return (
    <>
      <h1 className="admin-heading">{T.title}</h1>
      <FilterBar action="/admin/audit" label={T.filtersLabel}>
        <FilterField label={T.actorLabel} htmlFor="audit-actor">
          <select id="audit-actor" className="input input--select" name="actor" defaultValue={typed.actor}>
            <option value="">{T.anyActor}</option>
            {choicesWith(log?.actors ?? [], typed.actor ?? "").map((actor) => (
              <option key={actor} value={actor}>
                {actor}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField label={T.actionLabel} htmlFor="audit-action">
          <select id="audit-action" className="input input--select" name="action" defaultValue={typed.action}>
            <option value="">{T.anyAction}</option>
            {choicesWith(log?.actions ?? [], typed.action ?? "").map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField label={T.fromLabel} htmlFor="audit-from">
          <input id="audit-from" className="input" type="date" name="from" defaultValue={typed.from} />
        </FilterField>
        <FilterField label={T.toLabel} htmlFor="audit-to">
          <input id="audit-to" className="input" type="date" name="to" defaultValue={typed.to} />
        </FilterField>
      </FilterBar>
      <FormAlert errors={loadError ? [...errors, loadError] : errors} />
      {log && pagination ? (
        <>
          <p className="admin-count" aria-live="polite">
            {T.showing(
              pagination.total === 0 ? 0 : (pagination.page - 1) * pagination.limit + 1,
              (pagination.page - 1) * pagination.limit + log.entries.length,
              pagination.total,
            )}
          </p>
          {log.entries.length === 0 ? (
            <p className="admin-empty">{T.none}</p>
          ) : (
            <AdminTable caption={T.title} columns={COLUMNS} rows={log.entries} rowKey={(entry) => entry.id} />
          )}
          <AdminPager
            page={pagination.page}
            totalPages={pagination.totalPages}
            hrefFor={(page) => adminQueryHref("/admin/audit", typed, { page })}
          />
        </>
      ) : null}
    </>
  );
}
