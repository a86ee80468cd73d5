import type { ReactNode } from "react";
import { Links, Meta, Outlet, Scripts } from "react-router";
import { areaSheets, FIRST_SCREEN_FONT_PRELOADS, SHELL_SHEET } from "#app/styles/links.ts";

// The server sets the API on this very context object: the one bundled into the build.
export { apiContext } from "./context.ts";

/**
 * What the shop's home asks for before its first paint: the same sheets (the shell and the home page's areas) and
 * the same faces preloaded, so the floor pays what the shop's first page pays for styles and fonts and nothing of
 * the shop's own page.
 */
export const links = () => [SHELL_SHEET, ...FIRST_SCREEN_FONT_PRELOADS, ...areaSheets("catalogue", "home")];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  );
}

export default function Root() {
  return <Outlet />;
}
