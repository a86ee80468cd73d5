import type { ReactNode } from "react";
import { Links, Meta, Outlet, Scripts } from "react-router";

// The server sets the API on this very context object: the one bundled into the build.
export { apiContext } from "./context.ts";

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
