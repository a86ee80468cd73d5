import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { buttonClass } from "#app/ui/button.tsx";
import { MSG } from "#contract/messages.ts";

/**
 * A list's filters as a GET form: the URL holds them, so a filtered list is a link, and it works without
 * JavaScript. Clear goes back to the list without a query.
 */
export function FilterBar({ action, label, children }: { action: string; label: string; children: ReactNode }) {
  return (
    <Form method="get" action={action} className="admin-filters" aria-label={label}>
      {children}
      <div className="admin-filters__actions">
        <button type="submit" className={buttonClass()}>
          {MSG.admin.filter}
        </button>
        <Link to={action} className={buttonClass({ variant: "link" })}>
          {MSG.admin.clearFilters}
        </Link>
      </div>
    </Form>
  );
}

/** One labelled control of a filter bar. */
export function FilterField({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div className="admin-filters__field">
      <label htmlFor={htmlFor}>{label}</label>
      {children}
    </div>
  );
}
