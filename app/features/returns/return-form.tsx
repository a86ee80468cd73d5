import { Form, useNavigation } from "react-router";
import { FormAlert } from "#app/features/account/form-messages.tsx";
import { pounds } from "#app/features/orders/orders.ts";
import { RETURN_FORM_FIELDS, type ReturnFormReply } from "#app/features/returns/return-form.ts";
import { Button } from "#app/ui/button.tsx";
import { SelectField } from "#app/ui/field.tsx";
import { PLACEHOLDER_IMAGE } from "#contract/constants.ts";
import type { ReturnOptionsDto } from "#contract/dto/returns.ts";
import { MSG } from "#contract/messages.ts";
import { RETURN_REASONS } from "#contract/returns.ts";

type OptionItem = ReturnOptionsDto["items"][number];

/**
 * The return form: a row per item of the order (how many go back, refund or exchange, and the size or colour
 * instead), then one reason. A plain post: without JavaScript the server answers a refusal with the form as the
 * shopper left it (`reply.values`) and the errors on their fields.
 */
export function ReturnForm({ options, reply }: { options: ReturnOptionsDto; reply?: ReturnFormReply }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const typed = (name: string) => reply?.values[name];
  const errorsOf = (name: string) => reply?.fieldErrors[name];
  return (
    <Form method="post" className="return-form" noValidate aria-describedby={reply?.formErrors.length ? "return-form-error" : undefined}>
      <FormAlert id="return-form-error" errors={reply?.formErrors} />
      <ul className="return-form__items">
        {options.items.map((item) => (
          <li key={item.order_item_id}>
            <ReturnItemRow item={item} typed={typed} errorsOf={errorsOf} />
          </li>
        ))}
      </ul>
      <SelectField
        label={MSG.returns.reasonLabel}
        errors={errorsOf(RETURN_FORM_FIELDS.reason)}
        className="return-form__reason"
        selectProps={{ name: RETURN_FORM_FIELDS.reason, defaultValue: typed(RETURN_FORM_FIELDS.reason) ?? "" }}
      >
        <option value="">Choose a reason</option>
        {Object.entries(RETURN_REASONS).map(([id, name]) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </SelectField>
      <div className="button-row">
        <Button type="submit" disabled={busy}>
          {MSG.returns.submit}
        </Button>
      </div>
    </Form>
  );
}

/** 0 (not returned) up to what is left to return of the item. */
const quantityChoices = (returnable: number) => Array.from({ length: returnable + 1 }, (_, count) => String(count));

interface RowProps {
  item: OptionItem;
  typed: (name: string) => string | undefined;
  errorsOf: (name: string) => string[] | undefined;
}

/** One item: what it is and what was paid, then its choices; a final-sale item or one already returned says so instead. */
function ReturnItemRow({ item, typed, errorsOf }: RowProps) {
  const id = item.order_item_id;
  const names = {
    quantity: RETURN_FORM_FIELDS.quantity(id),
    resolution: RETURN_FORM_FIELDS.resolution(id),
    exchange: RETURN_FORM_FIELDS.exchange(id),
  };
  const returnable = !item.final_sale && item.returnable_quantity > 0;
  const headingId = `return-item-${id}`;
  return (
    // Named by the product and its variant: two sizes of one product are two rows.
    <article className="return-item" aria-labelledby={`${headingId} ${headingId}-meta`}>
      <img className="return-item__image" src={item.product_image || PLACEHOLDER_IMAGE} alt="" width={64} height={85} loading="lazy" />
      <div className="return-item__main">
        <h2 id={headingId} className="return-item__name">
          {item.product_name}
        </h2>
        <p id={`${headingId}-meta`} className="return-item__meta">
          {item.variant_name} · {pounds(item.unit_paid)} · Qty {item.quantity}
        </p>
      </div>
      {item.final_sale ? (
        <p className="return-item__note">{MSG.returns.finalSale}</p>
      ) : !returnable ? (
        <p className="return-item__note">{MSG.returns.alreadyReturned(item.product_name)}</p>
      ) : (
        <div className="return-item__choices">
          <SelectField
            label="Quantity to send back"
            errors={errorsOf(names.quantity)}
            selectProps={{ name: names.quantity, defaultValue: typed(names.quantity) ?? "0" }}
          >
            {quantityChoices(item.returnable_quantity).map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </SelectField>
          <fieldset className="return-item__resolution">
            <legend className="field__label">Refund or exchange</legend>
            <label className="check-field">
              <input
                type="radio"
                name={names.resolution}
                value="refund"
                defaultChecked={(typed(names.resolution) ?? "refund") === "refund"}
              />
              <span>{MSG.returns.resolutionRefund}</span>
            </label>
            {item.exchange_options.length > 0 ? (
              <label className="check-field">
                <input type="radio" name={names.resolution} value="exchange" defaultChecked={typed(names.resolution) === "exchange"} />
                <span>{MSG.returns.resolutionExchange}</span>
              </label>
            ) : null}
            {errorsOf(names.resolution) ? <p className="field__error">{errorsOf(names.resolution)?.join(" ")}</p> : null}
          </fieldset>
          {item.exchange_options.length > 0 ? (
            <SelectField
              hint={item.exchange_options.some((option) => option.price_difference > 0) ? MSG.returns.exchangeDifferenceNote : undefined}
              label={MSG.returns.exchangeVariantLabel}
              errors={errorsOf(names.exchange)}
              selectProps={{ name: names.exchange, defaultValue: typed(names.exchange) ?? "" }}
            >
              <option value="">Choose a size or colour</option>
              {item.exchange_options.map((option) => (
                <option key={option.variant_id} value={option.variant_id} disabled={!option.in_stock}>
                  {exchangeOptionLabel(option)}
                </option>
              ))}
            </SelectField>
          ) : null}
        </div>
      )}
    </article>
  );
}

/** An exchange option as the select lists it: its colour and size, what it costs more or gives back, and out of stock. */
function exchangeOptionLabel(option: OptionItem["exchange_options"][number]): string {
  const notes = [
    option.price_difference > 0 ? MSG.returns.exchangeCostsMore(pounds(option.price_difference)) : null,
    option.price_difference < 0 ? MSG.returns.exchangeCostsLess(pounds(-option.price_difference)) : null,
    option.in_stock ? null : MSG.catalogue.outOfStock,
  ].filter(Boolean);
  return notes.length > 0 ? `${option.name} (${notes.join(", ")})` : option.name;
}
