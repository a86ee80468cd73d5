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
  route("about", "routes/about.tsx"),
  route("getting-started", "routes/getting-started.tsx"),
  route("payment-terms", "routes/payment-terms.tsx"),
  route("terms-of-services", "routes/terms-of-services.tsx"),
  route("return-exchanges", "routes/return-exchanges.tsx"),
  route("need-support", "routes/need-support.tsx"),
  route("signin", "routes/signin.tsx"),
  route("signup", "routes/signup.tsx"),
  route("email-verification", "routes/email-verification.tsx"),
  route("otp-verification", "routes/otp-verification.tsx"),
  route("logout", "routes/logout.tsx"),
  route("profile", "routes/profile.tsx"),
  route("not-found", "routes/not-found.tsx", { id: "routes/not-found-page" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
