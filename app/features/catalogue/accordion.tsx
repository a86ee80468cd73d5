import type { ReactNode } from "react";
import { Icon } from "#app/ui/icons.tsx";

/** A disclosure that works without JavaScript (<details>). */
export function Accordion({ title, children, open = false }: { title: string; children: ReactNode; open?: boolean }) {
  return (
    <details className="accordion" open={open || undefined}>
      <summary className="accordion__summary">
        <span>{title}</span>
        <Icon name="chevronDown" className="accordion__chevron" />
      </summary>
      <div className="accordion__body">{children}</div>
    </details>
  );
}
