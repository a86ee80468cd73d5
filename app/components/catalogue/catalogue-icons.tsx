/**
 * Line icons the catalogue needs beyond the shared set in ui/icons.tsx, drawn on the same 24 px grid
 * and stroke so they sit together.
 */
const PATHS = {
  share: (
    <>
      <circle cx="17.5" cy="5.5" r="2.25" />
      <circle cx="6.5" cy="12" r="2.25" />
      <circle cx="17.5" cy="18.5" r="2.25" />
      <path d="m8.5 10.8 7-4.1m-7 6.5 7 4.1" />
    </>
  ),
  plus: <path d="M12 5v14M5 12h14" />,
  minus: <path d="M5 12h14" />,
  bagPlus: (
    <>
      <path d="M5 8h14l-1 12.5H6L5 8Z" />
      <path d="M9 8V6.5a3 3 0 0 1 6 0V8M12 11.5v5M9.5 14h5" />
    </>
  ),
} as const;

export type CatalogueIconName = keyof typeof PATHS;

export function CatalogueIcon({ name, className }: { name: CatalogueIconName; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : "icon"}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.25"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name]}
    </svg>
  );
}
