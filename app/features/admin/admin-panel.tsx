import type { ReactNode } from "react";

/** A panel of the back office: a section named by its heading. */
export function AdminPanel({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className="admin-panel" aria-labelledby={id}>
      <h2 id={id} className="admin-subheading">
        {title}
      </h2>
      {children}
    </section>
  );
}
