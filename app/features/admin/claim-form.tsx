import { Form } from "react-router";
import { FormAlert } from "#app/features/account/form-messages.tsx";
import { type ClaimFormErrors, type ClaimFormValues, claimQuantityField } from "#app/features/returns/claim-form.ts";
import { buttonClass } from "#app/ui/button.tsx";
import { CheckField, Field, SelectField, TextareaField } from "#app/ui/field.tsx";
import type { AdminOrderDetailDto } from "#contract/dto/admin.ts";
import { MSG } from "#contract/messages.ts";
import { CLAIM_OUTCOME_IDS, CLAIM_OUTCOMES, CLAIM_REASON_IDS, CLAIM_REASONS, RETURN_LIMITS } from "#contract/returns.ts";

const T = MSG.adminReturns;

/** What the claim form's action answers when no claim was opened: the mistakes and what was typed. */
export interface ClaimReply {
  values: ClaimFormValues;
  errors: ClaimFormErrors;
  formError: string | null;
}

/**
 * A claim on a shipped or delivered order (`intent=claim`): how many of each item, what went wrong, refund or
 * replacement, whether the goods should come back, and a note. Items with nothing left to claim are not offered.
 */
export function ClaimForm({
  action,
  items,
  reply,
}: {
  action: string;
  items: AdminOrderDetailDto["items"];
  reply: ClaimReply | undefined;
}) {
  const values = reply?.values;
  const errors = reply?.errors ?? {};
  const open = items.filter((item) => item.returnable_quantity > 0);
  if (open.length === 0) return <p>{MSG.returns.nothingReturnable}</p>;
  return (
    <Form method="post" action={action} className="admin-form" aria-labelledby="order-claim" noValidate>
      <p>{T.claimIntro}</p>
      <FormAlert errors={reply?.formError ? [reply.formError] : null} />
      <input type="hidden" name="intent" value="claim" />
      <fieldset className="admin-form__group" aria-describedby={errors.items ? "claim-items-error" : undefined}>
        <legend>{T.claimItemsLabel}</legend>
        {errors.items ? (
          <div className="field__error" id="claim-items-error">
            {errors.items.map((error) => (
              <p key={error}>{error}</p>
            ))}
          </div>
        ) : null}
        {open.map((item) => (
          <Field
            key={item.id}
            className="admin-form__quantity"
            label={T.claimQuantityLabel(`${item.product_name} (${item.variant_name})`, item.returnable_quantity)}
            errors={errors.quantities?.[item.id]}
            inputProps={{
              id: `claim-quantity-${item.id}`,
              name: claimQuantityField(item.id),
              type: "number",
              inputMode: "numeric",
              min: 0,
              max: item.returnable_quantity,
              defaultValue: values?.quantities[item.id] ?? "",
            }}
          />
        ))}
      </fieldset>
      <SelectField
        label={T.claimReasonLabel}
        errors={errors.reason}
        selectProps={{ id: "claim-reason", name: "reason", defaultValue: values?.reason ?? "", required: true }}
      >
        <option value="" disabled>
          {T.claimReasonRequired}
        </option>
        {CLAIM_REASON_IDS.map((reason) => (
          <option key={reason} value={reason}>
            {CLAIM_REASONS[reason]}
          </option>
        ))}
      </SelectField>
      <fieldset className="admin-form__group" aria-describedby={errors.outcome ? "claim-outcome-error" : undefined}>
        <legend>{T.claimOutcomeLabel}</legend>
        <div className="admin-form__choices">
          {CLAIM_OUTCOME_IDS.map((outcome) => (
            <label key={outcome} className="check-field">
              <input type="radio" name="outcome" value={outcome} defaultChecked={values?.outcome === outcome} />
              <span>{CLAIM_OUTCOMES[outcome]}</span>
            </label>
          ))}
        </div>
        {errors.outcome ? (
          <div className="field__error" id="claim-outcome-error">
            {errors.outcome.map((error) => (
              <p key={error}>{error}</p>
            ))}
          </div>
        ) : null}
      </fieldset>
      <CheckField label={T.goodsBackLabel} inputProps={{ name: "goods_back", defaultChecked: values?.goods_back ?? false }} />
      <TextareaField
        label={T.noteLabel}
        errors={errors.note}
        textareaProps={{ id: "claim-note", name: "note", rows: 3, maxLength: RETURN_LIMITS.noteMax, defaultValue: values?.note ?? "" }}
      />
      <button type="submit" className={buttonClass()}>
        {T.claimSubmit}
      </button>
    </Form>
  );
}
