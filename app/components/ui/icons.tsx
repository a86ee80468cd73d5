/** Inline line icons (24 px grid, stroked in currentColor): no icon font, no third-party host. */

const LINE_ICONS = {
  search: (
    <>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="m15.5 15.5 5 5" />
    </>
  ),
  bag: (
    <>
      <path d="M5 8h14l-1 12.5H6L5 8Z" />
      <path d="M9 8V6.5a3 3 0 0 1 6 0V8" />
    </>
  ),
  heart: <path d="M12 20s-7.5-4.6-7.5-10.1A4.2 4.2 0 0 1 12 7.2a4.2 4.2 0 0 1 7.5 2.7C19.5 15.4 12 20 12 20Z" />,
  user: (
    <>
      <circle cx="12" cy="8.5" r="3.75" />
      <path d="M4.5 20.5c.8-3.9 3.8-6 7.5-6s6.7 2.1 7.5 6" />
    </>
  ),
  menu: <path d="M3.5 7h17M3.5 12h17M3.5 17h17" />,
  close: <path d="m5.5 5.5 13 13m0-13-13 13" />,
  chevronDown: <path d="m6.5 9.5 5.5 5.5 5.5-5.5" />,
  chevronRight: <path d="m9.5 6.5 5.5 5.5-5.5 5.5" />,
  arrowRight: <path d="M4 12h15.5m-5-5 5 5-5 5" />,
  mail: (
    <>
      <rect x="3.5" y="5.5" width="17" height="13" rx="1" />
      <path d="m4 6.5 8 6.5 8-6.5" />
    </>
  ),
  phone: (
    <path d="M7.2 3.8 9.6 4l1.2 4-1.9 1.3a11 11 0 0 0 5.8 5.8l1.3-1.9 4 1.2.2 2.4a2 2 0 0 1-2.2 2.1A15.8 15.8 0 0 1 5.1 6a2 2 0 0 1 2.1-2.2Z" />
  ),
  chat: (
    <>
      <path d="M4 5.5h16v10.5H10l-4.5 3.5V16H4V5.5Z" />
      <path d="M8 9.5h8M8 12.5h5" />
    </>
  ),
  mapPin: (
    <>
      <path d="M12 21s-6.5-6-6.5-11a6.5 6.5 0 0 1 13 0c0 5-6.5 11-6.5 11Z" />
      <circle cx="12" cy="10" r="2.25" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </>
  ),
  fabric: (
    <>
      <path d="M4 6c2.7-1.6 5.3 1.6 8 0s5.3 1.6 8 0v12c-2.7 1.6-5.3-1.6-8 0s-5.3-1.6-8 0V6Z" />
      <path d="M4 12c2.7-1.6 5.3 1.6 8 0s5.3 1.6 8 0" />
    </>
  ),
  integrity: (
    <>
      <path d="M12 3.5 19 6v5.5c0 4.2-3 7.6-7 9-4-1.4-7-4.8-7-9V6l7-2.5Z" />
      <path d="m8.8 12 2.2 2.2 4.2-4.4" />
    </>
  ),
  delivery: (
    <>
      <path d="M2.5 6.5h11v10h-11zM13.5 9.5h4l3 3.5v3.5h-7" />
      <circle cx="6.5" cy="17.5" r="1.75" />
      <circle cx="17" cy="17.5" r="1.75" />
    </>
  ),
  securePayment: (
    <>
      <rect x="5" y="10.5" width="14" height="10" rx="1" />
      <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5M12 14.5v2.5" />
    </>
  ),
  needle: (
    <>
      <path d="M19.5 4.5 7 17l-2.5 2.5" />
      <path d="M16.5 4.5h3v3" />
      <path d="M7 17c-2.5-1.5-3-5-.5-7s6 0 5 3-5.5 2-6.5-1" />
    </>
  ),
  ruler: (
    <>
      <rect x="3" y="8" width="18" height="8" rx="1" />
      <path d="M7 8v3M11 8v4M15 8v3M19 8v2" />
    </>
  ),
  sparkle: <path d="M12 3.5c.8 4.4 4.1 7.7 8.5 8.5-4.4.8-7.7 4.1-8.5 8.5-.8-4.4-4.1-7.7-8.5-8.5 4.4-.8 7.7-4.1 8.5-8.5Z" />,
  gift: (
    <>
      <rect x="4" y="9" width="16" height="11" rx="1" />
      <path d="M3 9h18M12 9v11M12 9c-1.5-3.5-5-4-5-1.5S12 9 12 9Zm0 0c1.5-3.5 5-4 5-1.5S12 9 12 9Z" />
    </>
  ),
  returnArrow: <path d="M9 6.5 4.5 11 9 15.5M5 11h9.5a5 5 0 0 1 0 10H12" />,
  store: (
    <>
      <path d="M4 9.5 5.5 4h13L20 9.5M4 9.5h16M4 9.5c0 1.7 1.8 2.5 2.7 2.5 1.5 0 2.6-1 2.6-2.5 0 1.5 1.2 2.5 2.7 2.5s2.7-1 2.7-2.5c0 1.5 1.1 2.5 2.6 2.5.9 0 2.7-.8 2.7-2.5" />
      <path d="M5.5 12v8h13v-8M10 20v-4.5h4V20" />
    </>
  ),
  child: (
    <>
      <circle cx="12" cy="6" r="2.5" />
      <path d="M8 21v-5.5L6 12.5c1.8-2 3.8-3 6-3s4.2 1 6 3l-2 3V21M12 15v6" />
    </>
  ),
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

export type IconName = keyof typeof LINE_ICONS;

/** Icons are decorative: the link or button around one carries the accessible name. */
function LineSvg({ className, children }: { className?: string; children: React.ReactNode }) {
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
      {children}
    </svg>
  );
}

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return <LineSvg className={className}>{LINE_ICONS[name]}</LineSvg>;
}

/** Simplified marks of the six networks in SHOP.social, drawn in the same line style. */
const SOCIAL_MARKS: Record<string, React.ReactNode> = {
  Instagram: (
    <>
      <rect x="4" y="4" width="16" height="16" rx="4.5" />
      <circle cx="12" cy="12" r="3.75" />
      <circle cx="16.75" cy="7.25" r=".6" fill="currentColor" />
    </>
  ),
  Facebook: (
    <path d="M13.5 20.5v-7.5h2.6l.4-3h-3V8.2c0-.9.3-1.5 1.6-1.5h1.5V4.1a20 20 0 0 0-2.3-.1c-2.3 0-3.8 1.4-3.8 3.9V10H8v3h2.5v7.5" />
  ),
  TikTok: <path d="M13.5 3.5v11.8a3.3 3.3 0 1 1-3.3-3.3M13.5 3.5c.4 2.6 2.2 4.4 5 4.6" />,
  Pinterest: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="m10.8 10.2-2.3 10m1.7-6.6c.5 1 1.4 1.6 2.7 1.6 2.4 0 3.9-2.2 3.9-4.6A4.4 4.4 0 0 0 12.2 7 4.8 4.8 0 0 0 7.2 11.7c0 .9.3 1.8.9 2.3" />
    </>
  ),
  YouTube: (
    <>
      <rect x="3" y="6" width="18" height="12" rx="3.5" />
      <path d="m10.5 9.5 4 2.5-4 2.5v-5Z" />
    </>
  ),
  X: <path d="M4.5 4.5h4l11 15h-4ZM19.5 4.5l-6.3 6.8m-2.4 1.4-6.3 6.8" />,
};

export function SocialIcon({ network }: { network: string }) {
  return <LineSvg>{SOCIAL_MARKS[network] ?? <circle cx="12" cy="12" r="8.5" />}</LineSvg>;
}
