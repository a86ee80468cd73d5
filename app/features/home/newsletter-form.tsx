import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { EnhancedField } from "#app/features/account/enhanced-field.tsx";
import type { Toast } from "#app/lib/toast.ts";
import { LoadingTextField } from "#app/ui/layout/loading-overlay.tsx";
import { Toaster } from "#app/ui/layout/toaster.tsx";
import { MSG } from "#contract/messages.ts";

/** What /subscribe answers the form on a page that runs JavaScript: the toast, and whether to clear the input. */
export interface SubscribeReply {
  ok: boolean;
  toast: Toast;
}

/**
 * The newsletter sign-up form: posts to /subscribe, which redirects back with a toast. With JavaScript it runs
 * through a fetcher, so the page stays put; the input is disabled while it runs and cleared after a success,
 * and a blank or malformed address gets the shop's own message instead of the browser's bubble. The check in the
 * browser is the input's own (required, type=email), so the home page ships no schema library; /subscribe checks
 * again with the shared schema.
 */
export function NewsletterForm() {
  const location = useLocation();
  const fetcher = useFetcher<SubscribeReply>({ key: "newsletter" });
  const input = useRef<HTMLInputElement>(null);
  const busy = fetcher.state !== "idle";
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  const enhanced = useHydrated();
  const [invalid, setInvalid] = useState<string | null>(null);

  useEffect(() => {
    if (reply?.ok && input.current) input.current.value = "";
  }, [reply]);

  return (
    <fetcher.Form
      method="post"
      action="/subscribe"
      className="newsletter__form"
      preventScrollReset
      noValidate={enhanced}
      onSubmit={(event) => {
        const problem = input.current ? addressProblem(input.current) : null;
        setInvalid(problem);
        if (problem) {
          event.preventDefault();
          input.current?.focus();
        }
      }}
    >
      <HoneypotInputs />
      <EnhancedField />
      <LoadingTextField text={MSG.loading.default} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <label className="visually-hidden" htmlFor="newsletter-email">
        E-mail address
      </label>
      <input
        ref={input}
        id="newsletter-email"
        className="input newsletter__input"
        type="email"
        name="email"
        autoComplete="email"
        required
        disabled={busy}
        placeholder={MSG.catalogue.emailPlaceholder}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? "newsletter-error" : undefined}
        onChange={() => setInvalid(null)}
      />
      <button type="submit" className="button button--primary newsletter__submit" disabled={busy} aria-busy={busy || undefined}>
        {MSG.catalogue.subscribe}
      </button>
      {invalid ? (
        <p id="newsletter-error" className="newsletter__error" role="alert">
          {invalid}
        </p>
      ) : null}
      <Toaster toasts={[reply?.toast]} />
    </fetcher.Form>
  );
}

function addressProblem(input: HTMLInputElement): string | null {
  if (input.validity.valueMissing) return MSG.subscribe.emailRequired;
  return input.validity.valid ? null : MSG.subscribe.invalidEmail;
}
