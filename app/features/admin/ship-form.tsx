import { Form } from "react-router";
import { FormAlert } from "#app/features/account/form-messages.tsx";
import { buttonClass } from "#app/ui/button.tsx";
import { Field, SelectField } from "#app/ui/field.tsx";
import { CARRIER_IDS, CARRIERS } from "#contract/carriers.ts";
import { MSG } from "#contract/messages.ts";

export const SHIP_FIELDS = ["carrier", "tracking_number"] as const;
export type ShipErrors = Partial<Record<(typeof SHIP_FIELDS)[number], string[]>>;

/** What a ship form's action answers when the parcel could not be marked shipped: the mistakes and what was typed. */
export interface ShipReply {
  typed: { carrier: string; tracking_number: string };
  errors: ShipErrors;
  formError: string | null;
}

/**
 * A parcel leaving: the carrier and the tracking number (an order, or a return's exchange or replacement), posted
 * with `intent=ship` to `action`, with the mistakes of the last try and what was typed.
 */
export function ShipForm({ action, title, reply }: { action: string; title: string; reply: ShipReply | undefined }) {
  return (
    <Form method="post" action={action} className="admin-ship" aria-labelledby="ship-heading" noValidate>
      <h3 id="ship-heading" className="admin-ship__title">
        {title}
      </h3>
      <FormAlert errors={reply?.formError ? [reply.formError] : null} />
      <input type="hidden" name="intent" value="ship" />
      <SelectField
        label={MSG.admin.orders.carrierLabel}
        errors={reply?.errors.carrier}
        selectProps={{ id: "ship-carrier", name: "carrier", defaultValue: reply?.typed.carrier ?? "", required: true }}
      >
        <option value="" disabled>
          {MSG.admin.orders.carrierRequired}
        </option>
        {CARRIER_IDS.map((carrier) => (
          <option key={carrier} value={carrier}>
            {CARRIERS[carrier].name}
          </option>
        ))}
      </SelectField>
      <Field
        label={MSG.admin.orders.trackingLabel}
        hint={MSG.admin.orders.trackingHint}
        errors={reply?.errors.tracking_number}
        inputProps={{
          id: "ship-tracking",
          name: "tracking_number",
          defaultValue: reply?.typed.tracking_number ?? "",
          required: true,
          maxLength: 64,
          autoComplete: "off",
          spellCheck: false,
        }}
      />
      <button type="submit" className={buttonClass()}>
        {title}
      </button>
    </Form>
  );
}
