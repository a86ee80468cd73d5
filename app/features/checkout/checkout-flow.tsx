import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { AddressForm } from "#app/features/account/address-form.tsx";
import { backHref, CHECKOUT_STEPS, type CheckoutView, checkoutHref, STEP_TITLES } from "#app/features/checkout/checkout.ts";
import { useArrivalKey } from "#app/forms/use-arrival-key.ts";
import type { Toast } from "#app/lib/toast.ts";
import { Button } from "#app/ui/button.tsx";
import { CheckField } from "#app/ui/field.tsx";
import { LoadingTextField } from "#app/ui/layout/loading-overlay.tsx";
import { Toaster } from "#app/ui/layout/toaster.tsx";
import { Price } from "#app/ui/price.tsx";
import { PAYMENT_METHOD_NAMES, PAYMENT_METHODS, takesCardsInShop } from "#contract/checkout.ts";
import { SHIPPING_METHOD } from "#contract/constants.ts";
import { DELIVERY_TERMS } from "#contract/delivery.ts";
import type { AddressDto } from "#contract/dto/account.ts";
import type { PaymentOptionsDto } from "#contract/dto/order.ts";
import { MSG } from "#contract/messages.ts";
import { toGbp } from "#contract/money.ts";
import { CardFields } from "./card-fields.tsx";

export interface PaymentReply {
  toast: Toast;
  fieldErrors: Record<string, string[]>;
  typed: Record<string, string>;
  idempotencyKey: string;
}

interface CheckoutFlowProps {
  view: CheckoutView;
  paymentOptions: PaymentOptionsDto;
  addresses: AddressDto[];
  addressesFailed: boolean;
  /** A later step was asked for without one of the shopper's addresses: the address step says to choose one. */
  needsAddress: boolean;
  idempotencyKey: string;
  addressResult?: SubmissionResult<string[]>;
  payment?: PaymentReply;
}

/** The three steps, one shown at a time as the URL says, with the step list above and Back below. */
export function CheckoutFlow(props: CheckoutFlowProps) {
  const { view } = props;
  const current = CHECKOUT_STEPS.indexOf(view.step);
  return (
    <section className="checkout-flow" aria-labelledby="checkout-step-title">
      <ol className="checkout-steps">
        {CHECKOUT_STEPS.map((step, index) => (
          <li
            key={step}
            className="checkout-steps__item"
            data-state={index < current ? "done" : index === current ? "current" : "todo"}
            aria-current={index === current ? "step" : undefined}
          >
            <span className="checkout-steps__number">Step {index + 1}</span>
            <span className="checkout-steps__title">{STEP_TITLES[step]}</span>
          </li>
        ))}
      </ol>
      <h2 id="checkout-step-title" className="checkout-flow__title">
        {STEP_TITLES[view.step]}
      </h2>
      {view.step === "address" ? <AddressStep {...props} /> : null}
      {view.step === "shipping" ? <ShippingStep view={view} /> : null}
      {view.step === "payment" ? (
        <PaymentStep view={view} options={props.paymentOptions} idempotencyKey={props.idempotencyKey} payment={props.payment} />
      ) : null}
    </section>
  );
}

function BackLink({ view }: { view: CheckoutView }) {
  return (
    <Link to={backHref(view)} className="checkout-flow__back">
      Back
    </Link>
  );
}

/**
 * Choose a saved address (type badge shown) and continue, through a GET form so the choice lands in the URL;
 * or add one inline, which is then selected.
 */
function AddressStep({ view, addresses, addressesFailed, needsAddress, addressResult }: CheckoutFlowProps) {
  const arrival = useArrivalKey();
  const preselected = view.addressId ?? addresses.find((address) => address.is_default)?.id ?? null;
  return (
    <div className="checkout-step">
      {addressesFailed ? (
        <p className="form-message form-message--error" role="alert">
          {MSG.addresses.fetchFailed}
        </p>
      ) : addresses.length === 0 ? (
        <p className="checkout-step__notice" role="status">
          {MSG.checkout.needAddress}
        </p>
      ) : (
        <Form method="get" action="/checkout" className="checkout-addresses">
          <input type="hidden" name="step" value="shipping" />
          {needsAddress ? (
            <p className="form-message form-message--error" role="alert">
              {MSG.checkout.selectAddress}
            </p>
          ) : null}
          <fieldset className="checkout-addresses__list">
            <legend className="visually-hidden">Delivery address</legend>
            {addresses.map((address) => (
              <label key={address.id} className="checkout-address">
                <input type="radio" name="address" value={address.id} defaultChecked={address.id === preselected} />
                <span className="checkout-address__body">
                  <span className="checkout-address__head">
                    <span className="checkout-address__label">{address.label}</span>
                    <span className="address-badge">{address.address_type}</span>
                    {address.is_default ? <span className="address-badge address-badge--default">Default</span> : null}
                  </span>
                  <span className="checkout-address__lines">
                    {[address.line1, address.line2, `${address.city} ${address.postal_code}`].filter(Boolean).join(", ")}
                  </span>
                  <span className="checkout-address__lines">{address.phone}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="checkout-step__actions">
            <BackLink view={view} />
            <Button type="submit">Continue to Shipping</Button>
          </div>
        </Form>
      )}
      <details className="checkout-new-address" open={addresses.length === 0 || addressResult !== undefined}>
        <summary className="checkout-new-address__toggle">Add a new address</summary>
        <AddressForm key={arrival} lastResult={addressResult} action="/checkout?step=address" />
      </details>
      {addresses.length === 0 ? (
        <div className="checkout-step__actions">
          <BackLink view={view} />
        </div>
      ) : null}
    </div>
  );
}

/** The one shipping method the shop offers, from the contract constants. */
function ShippingStep({ view }: { view: CheckoutView }) {
  return (
    <Form method="get" action="/checkout" className="checkout-step">
      <input type="hidden" name="step" value="payment" />
      <input type="hidden" name="address" value={view.addressId ?? ""} />
      <fieldset className="checkout-shipping">
        <legend className="visually-hidden">Shipping method</legend>
        <label className="checkout-address">
          <input type="radio" name="shipping" value={SHIPPING_METHOD.id} defaultChecked readOnly />
          <span className="checkout-address__body">
            <span className="checkout-address__head">
              <span className="checkout-address__label">{SHIPPING_METHOD.title}</span>
              <span className="checkout-shipping__price">
                <Price amount={toGbp(SHIPPING_METHOD.pricePence)} />
              </span>
            </span>
            <span className="checkout-address__lines">{DELIVERY_TERMS.summary}</span>
          </span>
        </label>
      </fieldset>
      <div className="checkout-step__actions">
        <BackLink view={view} />
        <Button type="submit">Continue to Payment</Button>
      </div>
    </Form>
  );
}

/**
 * Tabs are links (the method lives in the URL), so they work without JavaScript. The form posts the chosen
 * address, method and this render's idempotency key; with JavaScript the card number groups itself in fours
 * and the expiry gains its slash while typed, and invalid fields block the submission. Under a hosted gateway
 * there are no card fields: Pay opens the provider's page; a method the provider cannot take says so on its tab.
 */
function PaymentStep({
  view,
  options,
  idempotencyKey,
  payment,
}: {
  view: CheckoutView;
  options: PaymentOptionsDto;
  idempotencyKey: string;
  payment?: PaymentReply;
}) {
  const typed = payment?.typed ?? {};
  const errors = payment?.fieldErrors ?? {};
  const inShop = takesCardsInShop(options.gateway);
  const isCard = inShop && view.method === "credit_card";
  const unavailable = options.unavailable.includes(view.method);
  const hydrated = useHydrated();
  const alert = useRef<HTMLParagraphElement>(null);
  const failureKey = payment?.idempotencyKey;
  // A refusal answered in place (JavaScript) takes the shopper to its alert, below the sticky header (its scroll margin).
  useEffect(() => {
    if (failureKey === undefined) return;
    alert.current?.focus({ preventScroll: true });
    alert.current?.scrollIntoView({ block: "start" });
  }, [failureKey]);
  return (
    <div className="checkout-step">
      {payment ? (
        <p ref={alert} className="form-message form-message--error checkout-step__alert" role="alert" tabIndex={-1}>
          {payment.toast.message}
        </p>
      ) : null}
      {/* The alert stays; with JavaScript the toast adds to it (without, the alert is the notice). */}
      {hydrated ? <Toaster toasts={[payment?.toast]} /> : null}
      <nav className="payment-tabs" aria-label="Payment method">
        {PAYMENT_METHODS.map((method) => (
          <Link
            key={method}
            to={checkoutHref({ ...view, method })}
            replace
            preventScrollReset
            className="payment-tabs__tab"
            aria-current={method === view.method ? "page" : undefined}
          >
            {PAYMENT_METHOD_NAMES[method]}
            {options.unavailable.includes(method) ? <span className="payment-tabs__note">{MSG.payment.unavailableTab}</span> : null}
          </Link>
        ))}
      </nav>
      <Form method="post" action={checkoutHref(view)} className="payment-form" key={idempotencyKey}>
        <input type="hidden" name="intent" value="pay" />
        <input type="hidden" name="address" value={view.addressId ?? ""} />
        <input type="hidden" name="method" value={view.method} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <LoadingTextField text={MSG.loading.processingPayment} />
        {isCard ? (
          <CardFields typed={typed} errors={errors} />
        ) : (
          <p className="payment-form__wallet" role={unavailable ? "status" : undefined}>
            {unavailable
              ? MSG.payment.methodUnavailable(PAYMENT_METHOD_NAMES[view.method])
              : inShop
                ? `You will confirm this payment with ${PAYMENT_METHOD_NAMES[view.method]}. No card details are needed here.`
                : view.method === "credit_card"
                  ? MSG.payment.cardOnProvider
                  : MSG.payment.redirectNotice(PAYMENT_METHOD_NAMES[view.method])}
          </p>
        )}
        <CheckField label={MSG.payment.sameAsBillingLabel} inputProps={{ checked: true, disabled: true, readOnly: true }} />
        <p className="field__hint">{MSG.payment.billingIsShipping}</p>
        <div className="checkout-step__actions">
          <BackLink view={view} />
          {unavailable ? null : <Button type="submit">Pay Now</Button>}
        </div>
      </Form>
    </div>
  );
}
