import { randomUUID } from "node:crypto";
import type { SubmissionResult } from "@conform-to/react";
import { data, Form, useNavigation } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { apiFor } from "#app/api-client/api.server.ts";
import { callForForm, failureHeaders } from "#app/api-client/form-api.server.ts";
import { contactReceiptSchema } from "#app/api-client/responses.server.ts";
import {
  CONTACT_AVAILABILITY,
  CONTACT_DETAILS_COPY,
  CONTACT_FORM_COPY,
  CONTACT_MAP_COPY,
  CONTACT_PAGE,
  MAP_SEARCH_URL,
} from "#app/content/contact.ts";
import { pageMeta } from "#app/content/page-meta.ts";
import { LocationMap } from "#app/features/contact/location-map.tsx";
import { parseForm } from "#app/forms/form-data.server.ts";
import { honeypotLoaderData, readHoneypotForm } from "#app/forms/honeypot.server.ts";
import { useArrivalKey } from "#app/forms/use-arrival-key.ts";
import { fieldProps, useCheckedForm } from "#app/forms/use-checked-form.ts";
import type { Toast } from "#app/lib/toast.ts";
import { redirectWithToast } from "#app/session/session.server.ts";
import { areaSheets } from "#app/styles/links.ts";
import { Button } from "#app/ui/button.tsx";
import { Field, SelectField, TextareaField } from "#app/ui/field.tsx";
import { Icon, SocialIcon } from "#app/ui/icons.tsx";
import { telHref } from "#app/ui/layout/navigation.ts";
import { Toaster } from "#app/ui/layout/toaster.tsx";
import { PageHeader } from "#app/ui/page-header.tsx";
import { CONTACT_SUBJECTS } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import { contactSchema } from "#contract/schemas/contact.ts";
import { contactChecks } from "#contract/schemas/contact-checks.ts";
import { SHOP, SHOP_ADDRESS_ONE_LINE } from "#contract/shop.ts";
import type { Route } from "./+types/contact";

export const links: Route.LinksFunction = () => areaSheets("contact");

export const meta = () => pageMeta(CONTACT_PAGE);

export const loader = () => honeypotLoaderData;

const FIELDS = ["firstName", "lastName", "email", "phone", "orderNumber", "subject", "message"];

/**
 * Sends the message through the API. Success is post/redirect/get back here with the success toast, so the form
 * comes back empty; a failure answers in place, with everything typed kept, field errors on their fields and a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readHoneypotForm(request);
  const submission = parseForm(formData, contactSchema);
  if (submission.status !== "success") return data({ result: submission.reply(), toast: null }, { status: 400 });

  const outcome = await callForForm(
    apiFor(context),
    { send: (c) => c.public.contact.$post({ json: submission.value }), schema: contactReceiptSchema },
    FIELDS,
    MSG.contact.failed,
  );
  if (outcome.ok) return redirectWithToast(request, "/contact", "success", MSG.contact.sent, { status: 303 });
  const message = outcome.status === null ? MSG.contact.failedLater : (outcome.formError ?? MSG.contact.failed);
  const toast: Toast = { id: randomUUID(), type: "error", message };
  return data(
    { result: submission.reply({ fieldErrors: outcome.fieldErrors }), toast },
    {
      status: outcome.status ?? 503,
      headers: failureHeaders(outcome),
    },
  );
}

export default function Contact({ actionData }: Route.ComponentProps) {
  const arrival = useArrivalKey();
  return (
    <div className="contact-page">
      <PageHeader
        title={CONTACT_PAGE.title}
        eyebrow={CONTACT_PAGE.eyebrow}
        intro={CONTACT_PAGE.intro}
        trail={[{ label: CONTACT_PAGE.title }]}
      />
      <div className="container contact-page__body">
        <div className="contact-page__grid">
          <ContactDetails />
          <section className="contact-card contact-card--form" aria-labelledby="contact-form-title">
            <p className="eyebrow">{CONTACT_FORM_COPY.eyebrow}</p>
            <h2 id="contact-form-title" className="contact-card__title">
              {CONTACT_FORM_COPY.title}
            </h2>
            <p className="contact-card__text">{CONTACT_FORM_COPY.text}</p>
            {/* The redirect after a success starts an empty form; a refused post keeps what was typed. */}
            <ContactForm key={arrival} lastResult={actionData?.result} />
          </section>
        </div>
        <FlagshipMap />
      </div>
      <Toaster toasts={[actionData?.toast]} />
    </div>
  );
}

function ContactDetails() {
  return (
    <aside className="contact-card contact-card--details" aria-labelledby="contact-details-title">
      <div className="contact-availability">
        <span className="contact-availability__badge">24/7</span>
        <div>
          <p className="contact-availability__title">{CONTACT_AVAILABILITY.title}</p>
          <p className="contact-availability__text">{CONTACT_AVAILABILITY.text}</p>
        </div>
      </div>
      <h2 id="contact-details-title" className="contact-card__title">
        {CONTACT_DETAILS_COPY.title}
      </h2>
      <address className="contact-details">
        <p className="contact-details__row">
          <Icon name="phone" />
          <span>
            <span className="contact-details__label">Phone</span>
            <a href={telHref(SHOP.phone)}>{SHOP.phone}</a>
          </span>
        </p>
        <p className="contact-details__row">
          <Icon name="mail" />
          <span>
            <span className="contact-details__label">E-mail</span>
            <a href={`mailto:${SHOP.email}`}>{SHOP.email}</a>
          </span>
        </p>
        <p className="contact-details__row">
          <Icon name="mapPin" />
          <span>
            <span className="contact-details__label">Flagship store</span>
            <span>{SHOP_ADDRESS_ONE_LINE}</span>
          </span>
        </p>
        <p className="contact-details__row">
          <Icon name="clock" />
          <span>
            <span className="contact-details__label">Showroom hours</span>
            <span>{SHOP.flagshipHours}</span>
          </span>
        </p>
      </address>
      <h3 className="contact-details__social-title">{CONTACT_DETAILS_COPY.social}</h3>
      <ul className="contact-social" aria-label="Follow us">
        {SHOP.social.map((link) => (
          <li key={link.network}>
            <a
              href={link.url}
              className="icon-button contact-social__link"
              aria-label={link.network}
              rel="noopener noreferrer"
              target="_blank"
            >
              <SocialIcon network={link.network} />
            </a>
          </li>
        ))}
      </ul>
    </aside>
  );
}

function ContactForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const { form, fields } = useCheckedForm({ lastResult, defaultValue: { subject: CONTACT_SUBJECTS[0] }, checks: contactChecks });
  const sending = navigation.formAction === "/contact" && navigation.formData !== undefined;

  return (
    <Form method="post" action="/contact" className="contact-form" {...form.props}>
      <HoneypotInputs />
      <Field
        label="First name *"
        errors={fields.firstName.errors}
        inputProps={{ ...fieldProps(fields.firstName), type: "text", autoComplete: "given-name" }}
      />
      <Field
        label="Last name *"
        errors={fields.lastName.errors}
        inputProps={{ ...fieldProps(fields.lastName), type: "text", autoComplete: "family-name" }}
      />
      <Field
        label="Email *"
        errors={fields.email.errors}
        inputProps={{ ...fieldProps(fields.email), type: "email", autoComplete: "email" }}
      />
      <Field
        label="Phone (optional)"
        errors={fields.phone.errors}
        inputProps={{ ...fieldProps(fields.phone), type: "tel", autoComplete: "tel" }}
      />
      <Field
        label="Order number (optional)"
        errors={fields.orderNumber.errors}
        inputProps={{ ...fieldProps(fields.orderNumber), type: "text", autoComplete: "off" }}
      />
      <SelectField label="Subject" errors={fields.subject.errors} selectProps={fieldProps(fields.subject)}>
        {CONTACT_SUBJECTS.map((subject) => (
          <option key={subject} value={subject}>
            {subject}
          </option>
        ))}
      </SelectField>
      <TextareaField
        label="Message *"
        className="contact-form__wide"
        errors={fields.message.errors}
        textareaProps={{ ...fieldProps(fields.message), rows: 6 }}
      />
      <div className="contact-form__wide contact-form__actions">
        <Button type="submit" disabled={sending} aria-busy={sending || undefined}>
          {CONTACT_FORM_COPY.submit}
        </Button>
      </div>
    </Form>
  );
}

function FlagshipMap() {
  return (
    <section className="contact-map" aria-labelledby="contact-map-title">
      <div className="contact-map__frame">
        <LocationMap />
      </div>
      <div className="contact-map__card">
        <p className="eyebrow">{CONTACT_MAP_COPY.eyebrow}</p>
        <h2 id="contact-map-title" className="contact-card__title">
          {CONTACT_MAP_COPY.title}
        </h2>
        <p className="contact-card__text">{CONTACT_MAP_COPY.text}</p>
        <address className="contact-map__address">
          <span>{SHOP.address.line1}</span>
          <span>{`${SHOP.address.city} ${SHOP.address.postalCode}`}</span>
          <span>{SHOP.address.country}</span>
        </address>
        <a className="button button--outline" href={MAP_SEARCH_URL} target="_blank" rel="noopener noreferrer">
          {CONTACT_MAP_COPY.openInMaps}
          <Icon name="arrowRight" />
        </a>
      </div>
    </section>
  );
}
