import { useArrivalKey } from "#app/forms/use-arrival-key.ts";
import { StateMessage } from "#app/ui/state-message.tsx";
import type { AddressDto } from "#contract/dto/account.ts";
import { MSG } from "#contract/messages.ts";
import { ACCOUNT_TAB, AddressCard } from "./address-card.tsx";
import { AddressForm } from "./address-form.tsx";

export interface AccountPanelProps {
  account: { name: string; email: string };
  addresses: AddressDto[] | null;
  loadError: string | null;
  editId: number | null;
  confirmDeleteId: number | null;
  lastResult: Parameters<typeof AddressForm>[0]["lastResult"];
}

/** ACCOUNT DETAILS of the profile: the name and e-mail, the saved addresses and the form to add or edit one. */
export function AccountPanel({ account, addresses, loadError, editId, confirmDeleteId, lastResult }: AccountPanelProps) {
  // A saved form starts empty again; a refused one stays as typed.
  const arrival = useArrivalKey();
  const editing = addresses?.find((address) => address.id === editId);
  return (
    <section className="profile-panel" aria-labelledby="account-title">
      <h2 id="account-title" className="profile-panel__title">
        Account Details
      </h2>
      <dl className="account-summary">
        <div>
          <dt>Name</dt>
          <dd>{account.name}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{account.email}</dd>
        </div>
      </dl>
      <h3 className="profile-panel__subtitle">Saved addresses</h3>
      {loadError ? (
        <StateMessage tone="error" title={loadError} retryHref={ACCOUNT_TAB} />
      ) : addresses?.length ? (
        <ul className="address-list">
          {addresses.map((address) => (
            <li key={address.id}>
              <AddressCard address={address} confirmingDelete={address.id === confirmDeleteId} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="account-empty__text">{MSG.addresses.none}</p>
      )}
      {loadError ? null : <AddressForm key={`${editing?.id ?? "new"}-${arrival}`} address={editing} lastResult={lastResult} />}
    </section>
  );
}
