import { Link } from "react-router";
import { type AdminHandle, adminMeta, formatAdminTime } from "#app/features/admin/admin.ts";
import { loadAdminOrder } from "#app/features/admin/admin-orders.server.ts";
import { buttonClass } from "#app/ui/button.tsx";
import { MSG } from "#contract/messages.ts";
import { SHOP, SHOP_ADDRESS_ONE_LINE } from "#contract/shop.ts";
import type { Route } from "./+types/admin.orders.$code.packing-slip";

/** The slip goes in the parcel: the back office's navigation stays off it, and print CSS drops the shop's chrome. */
export const handle: AdminHandle = { bare: true };

export const meta: Route.MetaFunction = ({ params }) => adminMeta(`${MSG.admin.orders.packingSlip} ${params.code}`);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { order } = await loadAdminOrder(request, context, params);
  return { order };
}

/** What the packer needs: who it goes to, what goes in (name, variant, SKU, quantity), and no prices. */
export default function PackingSlip({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const address = order.shipping_address;
  return (
    <article className="packing-slip container" aria-labelledby="slip-title">
      <p className="no-print">
        <Link to={`/admin/orders/${order.code}`} className={buttonClass({ variant: "link" })}>
          {MSG.admin.orders.backToOrder}
        </Link>
      </p>
      <header className="packing-slip__header">
        <div>
          <p className="packing-slip__shop">{SHOP.name}</p>
          <p className="packing-slip__from">{SHOP_ADDRESS_ONE_LINE}</p>
        </div>
        <div>
          <h1 id="slip-title" className="packing-slip__title">
            {MSG.admin.orders.packingSlip}
          </h1>
          <p>
            Order <strong>{order.code}</strong>
          </p>
          <p>Placed {formatAdminTime(order.created_at)}</p>
        </div>
      </header>
      <section className="packing-slip__to" aria-labelledby="slip-to">
        <h2 id="slip-to" className="packing-slip__label">
          Ship to
        </h2>
        <address>
          <strong>{order.customer.name}</strong>
          {[address.line1, address.line2, address.city, address.postal_code, address.phone].filter(Boolean).map((line) => (
            <span key={line}>{line}</span>
          ))}
        </address>
        <p>{order.shipping_method}</p>
      </section>
      <table className="packing-slip__items">
        <caption className="visually-hidden">Items to pack</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Variant</th>
            <th scope="col">SKU</th>
            <th scope="col" data-numeric>
              Qty
            </th>
            <th scope="col">Packed</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={`${item.sku}-${item.product_id}`}>
              <td>{item.product_name}</td>
              <td>{[item.variant_name, item.fit].filter(Boolean).join(" · ")}</td>
              <td>{item.sku}</td>
              <td data-numeric>{item.quantity}</td>
              <td>
                <span className="packing-slip__box" aria-hidden="true" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="packing-slip__note">{MSG.admin.orders.slipThanks(SHOP.name)}</p>
      <p className="no-print packing-slip__print">{MSG.admin.orders.printHint}</p>
    </article>
  );
}
