import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { fieldProps, useCheckedForm } from "#app/forms/use-checked-form.ts";
import { Button } from "#app/ui/button.tsx";
import { CheckField, Field, SelectField } from "#app/ui/field.tsx";
import { ADDRESS_TYPES } from "#contract/constants.ts";
import type { AddressDto } from "#contract/dto/account.ts";
import { addressChecks } from "#contract/schemas/address-checks.ts";
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
  const { form, fields } = useCheckedForm({
    id: address ? `address-${address.id}-form` : "address-new-form",
    lastResult,
    defaultValue: address ? { ...address, line2: address.line2 ?? "" } : { address_type: ADDRESS_TYPES[0] },
    checks: addressChecks,
  });
  const navigation = useNavigation();
  const title = address ? "Edit address" : "Add a new address";

  return (
    <section id="address-form" className="address-form" aria-labelledby="address-form-title">
      <h3 id="address-form-title" className="address-form__title">
        {title}
      </h3>
      <Form method="post" action={action} className="address-form__grid" {...form.props}>
        {address ? <input type="hidden" name="id" value={address.id} /> : null}
        <FormAlert id={form.errorId} errors={form.errors} />
        <Field
          label="Label"
          hint="For example Home or Mum's house"
          errors={fields.label.errors}
          inputProps={{ ...fieldProps(fields.label), type: "text" }}
        />
        <SelectField label="Address type" errors={fields.address_type.errors} selectProps={fieldProps(fields.address_type)}>
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
          inputProps={{ ...fieldProps(fields.line1), type: "text", autoComplete: "address-line1" }}
        />
        <Field
          className="address-form__wide"
          label="Address line 2 (optional)"
          errors={fields.line2.errors}
          inputProps={{ ...fieldProps(fields.line2), type: "text", autoComplete: "address-line2" }}
        />
        <Field
          label="City"
          errors={fields.city.errors}
          inputProps={{ ...fieldProps(fields.city), type: "text", autoComplete: "address-level2" }}
        />
        <Field
          label="Postcode"
          errors={fields.postal_code.errors}
          inputProps={{ ...fieldProps(fields.postal_code), type: "text", autoComplete: "postal-code" }}
        />
        <Field label="Phone" errors={fields.phone.errors} inputProps={{ ...fieldProps(fields.phone), type: "tel", autoComplete: "tel" }} />
        <div className="address-form__wide">
          <CheckField
            label="Use as my default address"
            inputProps={{ id: fields.is_default.id, name: "is_default", defaultChecked: fields.is_default.initialValue === "on" }}
          />
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
