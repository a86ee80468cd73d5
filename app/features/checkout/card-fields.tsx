import { formatExpiry, groupCardNumber } from "#app/features/checkout/checkout.ts";
import { reformatInput } from "#app/forms/reformat-input.ts";
import { Field } from "#app/ui/field.tsx";
import { CARD_NUMBER_DIGITS, CVV_DIGITS } from "#contract/constants.ts";

/**
 * The card form's fields (the test gateway's checkout, and an exchange's price difference): the holder, number and
 * expiry as the shopper typed them after a refusal, and the CVV always empty, to be typed again.
 */
export function CardFields({ typed, errors }: { typed: Record<string, string>; errors: Record<string, string[]> }) {
  return (
    <div className="payment-form__card">
      <Field
        className="payment-form__wide"
        label="Cardholder name"
        errors={errors.cardholderName}
        inputProps={{
          id: "cardholderName",
          name: "cardholderName",
          autoComplete: "cc-name",
          required: true,
          defaultValue: typed.cardholderName,
        }}
      />
      <Field
        className="payment-form__wide"
        label="Card number"
        errors={errors.cardNumber}
        inputProps={{
          id: "cardNumber",
          name: "cardNumber",
          inputMode: "numeric",
          autoComplete: "cc-number",
          required: true,
          pattern: `[0-9 ]{${CARD_NUMBER_DIGITS.min},${CARD_NUMBER_DIGITS.max + 4}}`,
          maxLength: CARD_NUMBER_DIGITS.max + 4,
          placeholder: "1234 5678 9012 3456",
          defaultValue: groupCardNumber(typed.cardNumber ?? ""),
          onInput: reformatInput(groupCardNumber),
        }}
      />
      <Field
        label="Expiry date"
        errors={errors.expiryDate}
        inputProps={{
          id: "expiryDate",
          name: "expiryDate",
          inputMode: "numeric",
          autoComplete: "cc-exp",
          required: true,
          pattern: "(0[1-9]|1[0-2])/[0-9]{2}",
          maxLength: 5,
          placeholder: "MM/YY",
          defaultValue: typed.expiryDate,
          onInput: reformatInput(formatExpiry),
        }}
      />
      <Field
        label="CVV"
        errors={errors.cvv}
        inputProps={{
          id: "cvv",
          name: "cvv",
          inputMode: "numeric",
          autoComplete: "cc-csc",
          required: true,
          pattern: `[0-9]{${CVV_DIGITS.min},${CVV_DIGITS.max}}`,
          maxLength: CVV_DIGITS.max,
        }}
      />
    </div>
  );
}
