import { index, type RouteConfig, route } from "@react-router/dev/routes";

/** The route table of spec section 2, explicit. */
export default [
  index("routes/home.tsx"),
  route("not-found", "routes/not-found.tsx", { id: "routes/not-found-page" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
