import { Form, useNavigation } from "react-router";
import { FormAlert } from "#app/features/account/form-messages.tsx";
import { CardFields } from "#app/features/checkout/card-fields.tsx";
import { formatOrderDate, pounds } from "#app/features/orders/orders.ts";
import type { DifferencePaymentReply } from "#app/features/returns/exchange-difference.server.ts";
import { Button } from "#app/ui/button.tsx";
import type { ReturnDto } from "#contract/dto/returns.ts";
import { MSG } from "#contract/messages.ts";

type Difference = NonNullable<ReturnDto["difference"]>;

/** Where a paid or settled difference stands, in words; null while it is to pay (the form says it). */
function differenceNews(difference: Difference): string | null {
  const amount = pounds(difference.amount);
  switch (difference.status) {
    case "paid":
      return MSG.returns.differencePaid(amount);
    case "processing":
      return MSG.returns.differenceProcessing;
    case "refunded":
      return MSG.returns.differenceRefunded(amount);
    case "released":
      return MSG.returns.differenceReleased;
    case "due":
      return null;
  }
}

/**
 * An exchange's price difference on the return's page: while it is owed, what and by when, and the form that pays
 * it (the card's fields under the test gateway; the provider's page otherwise). A refusal stays on the page as its
 * alert, with the card as typed but the CVV, with or without JavaScript.
 */
export function DifferencePayment({
  difference,
  cardsInShop,
  idempotencyKey,
  reply,
}: {
  difference: Difference;
  cardsInShop: boolean;
  idempotencyKey: string;
  reply?: DifferencePaymentReply;
}) {
  const navigation = useNavigation();
  const news = differenceNews(difference);
  if (news) return <p className="return-detail__news">{news}</p>;
  const amount = pounds(difference.amount);
  return (
    <section className="return-difference" aria-labelledby="return-difference-title">
      <h2 id="return-difference-title" className="order-dialog__subtitle">
        {MSG.returns.differenceTitle}
      </h2>
      <p>{MSG.returns.differenceDue(amount, difference.due_by ? formatOrderDate(difference.due_by) : "")}</p>
      <Form method="post" className="payment-form" key={reply?.idempotencyKey ?? idempotencyKey}>
        <input type="hidden" name="intent" value="pay" />
        <input type="hidden" name="idempotencyKey" value={reply?.idempotencyKey ?? idempotencyKey} />
        <FormAlert errors={reply ? [reply.message] : null} />
        {cardsInShop ? (
          <CardFields typed={reply?.typed ?? {}} errors={reply?.fieldErrors ?? {}} />
        ) : (
          <p className="payment-form__wallet">{MSG.returns.differenceOnProvider}</p>
        )}
        <div className="button-row">
          <Button type="submit" disabled={navigation.state === "submitting"}>
            {MSG.returns.differencePay(amount)}
          </Button>
        </div>
      </Form>
    </section>
  );
}
