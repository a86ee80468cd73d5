import type { ReactNode } from "react";
import { Form } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { MSG } from "#contract/messages.ts";
import type { useCheckedForm } from "../../forms/use-checked-form.ts";
import { LoadingTextField } from "../../ui/layout/loading-overlay.tsx";
import { FormAlert } from "./form-messages.tsx";
import { ResendCodeButton } from "./resend-code-button.tsx";

/**
 * The form of a code screen (e-mail verification, password reset): the honeypot, the loading text, the e-mail
 * it works on and the form's alerts, then the screen's own fields and button, then Resend Code.
 */
export function CodeScreenForm({
  form,
  emailErrors,
  email,
  loading: [loadingText, pressed],
  busy,
  failedTitle,
  children,
}: {
  form: ReturnType<typeof useCheckedForm>["form"];
  /** The server's errors on the hidden e-mail field. */
  emailErrors: readonly string[] | undefined;
  email: string;
  /** What `useSubmitterLoadingText` returns: the loading text and its setter for each button. */
  loading: readonly [string, (text: string) => () => void];
  busy: boolean;
  /** The failed call's title, above its message. */
  failedTitle: string | null;
  children: ReactNode;
}) {
  // The e-mail is a hidden field, so its errors show with the form's.
  const errors = [...(form.errors ?? []), ...(emailErrors ?? [])];
  return (
    <Form method="post" className="auth-form" {...form.props}>
      <HoneypotInputs />
      <LoadingTextField text={loadingText} />
      <input type="hidden" name="email" value={email} />
      <FormAlert id={form.errorId} errors={errors} title={failedTitle} />
      {children}
      <ResendCodeButton prompt="Didn't receive the code?" disabled={busy} onClick={pressed(MSG.loading.default)} />
    </Form>
  );
}
