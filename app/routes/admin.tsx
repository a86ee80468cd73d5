import { isRouteErrorResponse, NavLink, Outlet, useMatches, useRouteError } from "react-router";
import { adminResponseHeaders, requireOperator } from "#app/features/admin/admin.server.ts";
import { ADMIN_SECTIONS, type AdminHandle, adminMeta } from "#app/features/admin/admin.ts";
import { areaSheets } from "#app/styles/links.ts";
import { ButtonLink } from "#app/ui/button.tsx";
import { ErrorView } from "#app/ui/layout/error-view.tsx";
import { MSG } from "#contract/messages.ts";
import type { Route } from "./+types/admin";

// The back office's sheets load with its pages only: a shopper's page never waits for them.
export const links: Route.LinksFunction = () => areaSheets("orders", "returns", "admin", "adminCatalogue", "adminDashboard");

export const middleware: Route.MiddlewareFunction[] = [adminResponseHeaders];

export const meta: Route.MetaFunction = () => adminMeta(MSG.admin.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { operator } = await requireOperator(request, context);
  return { operator: { name: operator.name, email: operator.email } };
}

/** The back office: its sections' navigation and who is signed in, around the section's page. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const bare = useMatches().some((match) => (match.handle as AdminHandle | undefined)?.bare);
  if (bare) return <Outlet />;
  return (
    <div className="admin container">
      <header className="admin__header">
        <p className="admin__title">{MSG.admin.title}</p>
        <p className="admin__who">
          <span className="visually-hidden">Signed in as </span>
          {loaderData.operator.name} · {loaderData.operator.email}
        </p>
      </header>
      <nav className="admin-nav" aria-label={MSG.admin.navLabel}>
        <ul>
          {ADMIN_SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to} end={section.to === "/admin"} className="admin-nav__link">
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="admin__page">
        <Outlet />
      </div>
    </div>
  );
}

/** A shopper's 403 says the back office is the operators'; any other failure is the shop's error screen. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <section className="status-page" aria-labelledby="status-title" role="alert">
        <p className="status-page__code" aria-hidden="true">
          403
        </p>
        <h1 id="status-title" className="status-page__title">
          {MSG.admin.forbiddenTitle}
        </h1>
        <p className="status-page__message">{MSG.admin.operatorsOnly}</p>
        <ButtonLink to="/">{MSG.notFound.home}</ButtonLink>
      </section>
    );
  }
  if (isRouteErrorResponse(error))
    return <ErrorView status={error.status} detail={typeof error.data === "string" ? error.data : undefined} />;
  return <ErrorView detail={error instanceof Error ? error.message : undefined} />;
}
