import type { ReactNode } from "react";
import { Links, Meta, Outlet, Scripts } from "react-router";
import { areaSheets, FIRST_SCREEN_FONT_PRELOADS } from "#app/styles/links.ts";

// The server sets the API on this very context object: the one bundled into the build.
export { apiContext } from "./context.ts";

/**
 * What the shop's home asks for before its first paint: the same faces preloaded and the same sheets (the shell,
 * which importing the module brings as this root's CSS, and the home page's areas), so the floor pays what the
 * shop's first page pays for fonts and styles and nothing of the shop's own page.
 */
export const links = () => [...FIRST_SCREEN_FONT_PRELOADS, ...areaSheets("catalogue", "home")];

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
