import { type ReactNode, useRef } from "react";
import type { IconName } from "#app/ui/icon-names.ts";
import { Icon } from "#app/ui/icons.tsx";
import { useDismissableDetails } from "#app/ui/use-dismissable-details.ts";

interface DrawerProps {
  /** Accessible name of the toggle, e.g. "Menu". */
  label: string;
  icon: IconName;
  side: "start" | "end";
  className: string;
  children: ReactNode;
  /** Called each time the drawer opens (e.g. to load its data). */
  onOpen?: () => void;
}

/**
 * A side panel built on `<details>` so it opens and closes without JavaScript: while open, the summary
 * becomes both the close button (pinned to the panel's corner) and, through its ::before, the backdrop.
 * Page scroll is locked in CSS with `body:has(.drawer[open])`.
 */
export function Drawer({ label, icon, side, className, children, onOpen }: DrawerProps) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDismissableDetails(ref);
  return (
    <details
      ref={ref}
      className={`drawer drawer--${side} ${className}`}
      onToggle={(event) => {
        if (event.currentTarget.open) onOpen?.();
      }}
    >
      <summary className="drawer__toggle icon-button">
        <Icon name={icon} className="drawer__icon-closed" />
        <Icon name="close" className="drawer__icon-open" />
        <span className="visually-hidden">{label}</span>
      </summary>
      <div className="drawer__panel">{children}</div>
    </details>
  );
}
