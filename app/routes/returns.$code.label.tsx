import { useHydrated } from "remix-utils/use-hydrated";
import { code128Svg } from "#app/features/returns/barcode.server.ts";
import { labelReady } from "#app/features/returns/return-view.tsx";
import { loadReturn } from "#app/features/returns/returns.server.ts";
import { areaSheets } from "#app/styles/links.ts";
import { Button, ButtonLink } from "#app/ui/button.tsx";
import { StateMessage } from "#app/ui/state-message.tsx";
import { MSG } from "#contract/messages.ts";
import { returnHref, returnLabelHref } from "#contract/paths.ts";
import { SHOP } from "#contract/shop.ts";
import type { Route } from "./+types/returns.$code.label";

export const links: Route.LinksFunction = () => areaSheets("orders", "returns");

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${MSG.returns.labelTitle} ${params.code} | ${SHOP.name}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { ret, error } = await loadReturn(request, context, params);
  return { ret, error, barcode: ret ? code128Svg(ret.code) : null };
}

/**
 * The return label the shopper prints and tapes to the parcel: the shop's returns address, the return code large
 * with its barcode, the order code and the items. Print CSS leaves the label alone on the page; the browser's own
 * Print prints it, and with JavaScript a Print button does the same.
 */
export default function ReturnLabel({ loaderData, params }: Route.ComponentProps) {
  const { ret, error, barcode } = loaderData;
  const hydrated = useHydrated();
  if (ret && !labelReady(ret)) {
    return (
      <div className="container return-page__body">
        <StateMessage title={MSG.returns.labelAfterPayment}>
          <ButtonLink to={returnHref(ret.code)} variant="outline">
            {MSG.returns.backToReturn}
          </ButtonLink>
        </StateMessage>
      </div>
    );
  }
  if (!ret || !barcode) {
    return (
      <div className="container return-page__body">
        <StateMessage tone="error" title={error ?? MSG.returns.fetchFailed} retryHref={returnLabelHref(params.code)} />
      </div>
    );
  }
  const address = SHOP.address;
  return (
    <div className="container return-label-page">
      <div className="no-print button-row">
        {hydrated ? <Button onClick={() => window.print()}>{MSG.returns.printLabel}</Button> : null}
        <ButtonLink to={returnHref(ret.code)} variant="outline">
          {MSG.returns.backToReturn}
        </ButtonLink>
      </div>
      <article className="return-label" aria-labelledby="return-label-title">
        <header className="return-label__head">
          <p className="return-label__shop">{SHOP.name}</p>
          <h1 id="return-label-title" className="return-label__title">
            {MSG.returns.labelTitle}
          </h1>
        </header>
        <section className="return-label__to" aria-labelledby="return-label-to">
          <h2 id="return-label-to" className="return-label__caption">
            Return to
          </h2>
          <address>
            <strong>{SHOP.legalName} – Returns</strong>
            <span>{address.line1}</span>
            <span>
              {address.city} {address.postalCode}
            </span>
            <span>{address.country}</span>
          </address>
        </section>
        <section className="return-label__code" aria-labelledby="return-label-code">
          <h2 id="return-label-code" className="return-label__caption">
            Return code
          </h2>
          <p className="return-label__code-text">{ret.code}</p>
          <div
            className="return-label__barcode"
            role="img"
            aria-label={`Barcode of ${ret.code}`}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG paths bwip-js drew on the server from a code the contract's pattern checked (RT-XXXX-XXXX).
            dangerouslySetInnerHTML={{ __html: barcode }}
          />
          <p>
            Order <strong>#{ret.order_code}</strong>
          </p>
        </section>
        <table className="return-label__items">
          <caption className="return-label__caption">In this parcel</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Variant</th>
              <th scope="col">SKU</th>
              <th scope="col" data-numeric>
                Qty
              </th>
            </tr>
          </thead>
          <tbody>
            {ret.items.map((item) => (
              <tr key={item.id}>
                <td>{item.product_name}</td>
                <td>{item.variant_name}</td>
                <td>{item.product_sku}</td>
                <td data-numeric>{item.quantity}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="return-label__instructions">{MSG.returns.labelInstructions}</p>
      </article>
    </div>
  );
}
