import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { CheckField, Field, SelectField } from "#app/components/ui/field.tsx";
import { ADDRESS_TYPES } from "#contract/constants.ts";
import type { AddressDto } from "#contract/dto/account.ts";
import { addressSchema } from "#contract/schemas/address.ts";
import { FormAlert } from "./form-messages.tsx";

interface AddressFormProps {
  /** The address being edited; absent for a new one. */
  address?: AddressDto;
  lastResult?: SubmissionResult<string[]>;
  /** Where the form posts: the profile's address book by default, the checkout's address step there. */
  action?: string;
}

/** Add or edit an address: one form posting intent=create or intent=update to the profile's action. */
export function AddressForm({ address, lastResult, action = "/profile?tab=account" }: AddressFormProps) {
  const [form, fields] = useForm({
    id: address ? `address-${address.id}-form` : "address-new-form",
    lastResult,
    defaultValue: address ? { ...address, line2: address.line2 ?? "" } : { address_type: ADDRESS_TYPES[0] },
    constraint: getZodConstraint(addressSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addressSchema }),
  });
  const navigation = useNavigation();
  const title = address ? "Edit address" : "Add a new address";

  return (
    <section id="address-form" className="address-form" aria-labelledby="address-form-title">
      <h3 id="address-form-title" className="address-form__title">
        {title}
      </h3>
      <Form method="post" action={action} className="address-form__grid" {...getFormProps(form)}>
        {address ? <input type="hidden" name="id" value={address.id} /> : null}
        <FormAlert id={form.errorId} errors={form.errors} />
        <Field
          label="Label"
          hint="For example Home or Mum's house"
          errors={fields.label.errors}
          inputProps={getInputProps(fields.label, { type: "text" })}
        />
        <SelectField label="Address type" errors={fields.address_type.errors} selectProps={getSelectProps(fields.address_type)}>
          {ADDRESS_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
        <Field
          className="address-form__wide"
          label="Address line 1"
          errors={fields.line1.errors}
          inputProps={{ ...getInputProps(fields.line1, { type: "text" }), autoComplete: "address-line1" }}
        />
        <Field
          className="address-form__wide"
          label="Address line 2 (optional)"
          errors={fields.line2.errors}
          inputProps={{ ...getInputProps(fields.line2, { type: "text" }), autoComplete: "address-line2" }}
        />
        <Field
          label="City"
          errors={fields.city.errors}
          inputProps={{ ...getInputProps(fields.city, { type: "text" }), autoComplete: "address-level2" }}
        />
        <Field
          label="Postcode"
          errors={fields.postal_code.errors}
          inputProps={{ ...getInputProps(fields.postal_code, { type: "text" }), autoComplete: "postal-code" }}
        />
        <Field
          label="Phone"
          errors={fields.phone.errors}
          inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel" }}
        />
        <div className="address-form__wide">
          <CheckField label="Use as my default address" inputProps={getInputProps(fields.is_default, { type: "checkbox" })} />
        </div>
        <div className="address-form__wide button-row">
          <Button type="submit" name="intent" value={address ? "update" : "create"} disabled={navigation.formData !== undefined}>
            {address ? "Save Changes" : "Add Address"}
          </Button>
          {address ? (
            <Link to="/profile?tab=account" className="text-link">
              Cancel
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
