import { Form, Link } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button, ButtonLink } from "#app/ui/button.tsx";
import type { AddressDto } from "#contract/dto/account.ts";
import { MSG } from "#contract/messages.ts";

export const ACCOUNT_TAB = "/profile?tab=account";

const addressAnchor = (id: number) => `address-${id}`;
const editAddressHref = (id: number) => `${ACCOUNT_TAB}&edit=${id}#address-form`;
const confirmDeleteHref = (id: number) => `${ACCOUNT_TAB}&confirmDelete=${id}#${addressAnchor(id)}`;

/** One saved address: its type badge, the default marker and its actions (edit, make default, delete). */
export function AddressCard({ address, confirmingDelete }: { address: AddressDto; confirmingDelete: boolean }) {
  return (
    <article id={addressAnchor(address.id)} className={address.is_default ? "address-card address-card--default" : "address-card"}>
      <header className="address-card__head">
        <h3 className="address-card__label">{address.label}</h3>
        <span className="address-badge">{address.address_type}</span>
        {address.is_default ? <span className="address-badge address-badge--default">Default</span> : null}
      </header>
      <address className="address-card__lines">
        <span>{address.line1}</span>
        {address.line2 ? <span>{address.line2}</span> : null}
        <span>
          {address.city} {address.postal_code}
        </span>
        <span>{address.phone}</span>
      </address>
      {confirmingDelete ? (
        <DeleteConfirmation id={address.id} />
      ) : (
        <div className="address-card__actions">
          <Link to={editAddressHref(address.id)} className="text-link">
            Edit
          </Link>
          {address.is_default ? null : (
            <Form method="post" action={ACCOUNT_TAB} preventScrollReset>
              <input type="hidden" name="id" value={address.id} />
              <button type="submit" name="intent" value="default" className="text-link">
                Make default
              </button>
            </Form>
          )}
          <DeleteControl id={address.id} />
        </div>
      )}
    </article>
  );
}

/** With JavaScript a confirm() dialog guards the delete; without it, a confirmation step in the page. */
function DeleteControl({ id }: { id: number }) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <Link to={confirmDeleteHref(id)} className="text-link text-link--danger">
        Delete
      </Link>
    );
  }
  return (
    <Form
      method="post"
      action={ACCOUNT_TAB}
      preventScrollReset
      onSubmit={(event) => {
        if (!window.confirm(MSG.addresses.confirmDelete)) event.preventDefault();
      }}
    >
      <input type="hidden" name="id" value={id} />
      <button type="submit" name="intent" value="delete" className="text-link text-link--danger">
        Delete
      </button>
    </Form>
  );
}

function DeleteConfirmation({ id }: { id: number }) {
  return (
    <div className="address-card__confirm" role="alert">
      <p>{MSG.addresses.confirmDelete}</p>
      <div className="button-row">
        <Form method="post" action={ACCOUNT_TAB}>
          <input type="hidden" name="id" value={id} />
          <Button type="submit" name="intent" value="delete">
            Confirm
          </Button>
        </Form>
        <ButtonLink to={`${ACCOUNT_TAB}#${addressAnchor(id)}`} variant="outline">
          Cancel
        </ButtonLink>
      </div>
    </div>
  );
}
