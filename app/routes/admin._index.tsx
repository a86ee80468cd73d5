import { redirect } from "react-router";

/** /admin opens on the first section, orders, whose page applies the back office's rule (a resource route has no layout). */
export function loader() {
  throw redirect("/admin/orders");
}
