import { reformatInput } from "#app/forms/reformat-input.ts";
import { type CheckedField, fieldProps } from "#app/forms/use-checked-form.ts";
import { Field } from "#app/ui/field.tsx";
import { OTP_LENGTH } from "#contract/constants.ts";

/** Only the digits of what was typed or pasted, at most OTP_LENGTH of them. */
const codeDigits = (value: string) => value.replace(/\D/g, "").slice(0, OTP_LENGTH);

/**
 * The 6-digit code input: a numeric keyboard and one-time-code autofill everywhere; with JavaScript,
 * anything but digits is dropped as it is typed.
 */
export function CodeField({ meta, label = "Verification code" }: { meta: CheckedField; label?: string }) {
  return (
    <Field
      className="field--code"
      label={label}
      errors={meta.errors}
      inputProps={{
        ...fieldProps(meta),
        type: "text",
        inputMode: "numeric",
        autoComplete: "one-time-code",
        maxLength: OTP_LENGTH,
        placeholder: "0".repeat(OTP_LENGTH),
        onInput: reformatInput(codeDigits),
      }}
    />
  );
}
