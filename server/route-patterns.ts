import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { isDecodable } from "./request-guard.server.ts";

/** Paths whose pattern is remembered: matchRoutes ranks the whole route table on every call (about a millisecond). */
const REMEMBERED_PATHS = 5_000;

/**
 * The storefront's route patterns, as the metrics label requests: `patternOf("/product/abc")` is `/product/:id`,
 * a data request (`/product/abc.data`, `/_root.data`) its page's, and a path only the catch-all takes (or that does
 * not decode) `/*`. Bounded: one label per route of the table, whatever the URLs.
 */
export function storefrontRoutePatterns(build: ServerBuild): (path: string) => string {
  const entries = Object.values(build.routes);
  const tree = (parentId: string | undefined): RouteObject[] =>
    entries
      .filter((route) => route?.parentId === parentId)
      .map(
        (route) =>
          ({ id: route?.id, path: route?.path, index: route?.index, children: route?.index ? undefined : tree(route?.id) }) as RouteObject,
      );
  const routes = tree(undefined);
  const remembered = new LRUCache<string, string>({ max: REMEMBERED_PATHS });
  return (path) => {
    const known = remembered.get(path);
    if (known !== undefined) return known;
    const pattern = patternOf(routes, path);
    remembered.set(path, pattern);
    return pattern;
  };
}

function patternOf(routes: RouteObject[], path: string): string {
  const page = path === "/_root.data" ? "/" : path.replace(/\.data$/, "");
  // A path that does not decode (refused with 400 before any route) would make matchRoutes warn on the console.
  if (!isDecodable(page)) return "/*";
  const matches = matchRoutes(routes, page);
  if (!matches) return "/*";
  const pattern = matches
    .map((match) => match.route.path)
    .filter((segment): segment is string => Boolean(segment))
    .join("/");
  return `/${pattern}`.replace(/\/{2,}/g, "/");
}
