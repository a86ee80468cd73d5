import { publicOrigin, robotsTxt } from "#app/lib/seo.server.ts";
import type { Route } from "./+types/robots[.]txt";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(publicOrigin(context)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
