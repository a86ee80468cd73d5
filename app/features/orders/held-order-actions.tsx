import { Form } from "react-router";
import { Button } from "#app/ui/button.tsx";
import { LoadingTextField } from "#app/ui/layout/loading-overlay.tsx";
import { MSG } from "#contract/messages.ts";

/**
 * Pay now and Cancel this order for a hosted order waiting for payment: two plain forms posting to the page's own
 * action (heldOrderAction), which redirects, so both work before JavaScript. Either acts on the order, so the
 * overlay says 'Processing order...' meanwhile.
 */
export function HeldOrderActions({ orderId, code }: { orderId: number; code: string }) {
  const forOrder = <span className="visually-hidden"> (order {code})</span>;
  return (
    <div className="held-order-actions">
      <Form method="post">
        <input type="hidden" name="order" value={orderId} />
        <LoadingTextField text={MSG.loading.processingOrder} />
        <Button type="submit" name="intent" value="pay-order">
          {MSG.payment.payNow}
          {forOrder}
        </Button>
      </Form>
      <Form method="post">
        <input type="hidden" name="order" value={orderId} />
        <LoadingTextField text={MSG.loading.processingOrder} />
        <Button type="submit" name="intent" value="cancel-order" variant="outline">
          {MSG.payment.cancelOrder}
          {forOrder}
        </Button>
      </Form>
    </div>
  );
}
