import { index, type RouteConfig, route } from "@react-router/dev/routes";

/** The route table of spec section 2, explicit. */
export default [
  index("routes/home.tsx"),
  route("products", "routes/products.tsx"),
  route("product/:id", "routes/product.$id.tsx"),
  route("categories", "routes/categories.tsx"),
  route("cart", "routes/cart.tsx"),
  route("sitemap.xml", "routes/sitemap[.]xml.tsx"),
  route("robots.txt", "routes/robots[.]txt.tsx"),
  route("currency", "routes/currency.tsx"),
  route("not-found", "routes/not-found.tsx", { id: "routes/not-found-page" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
