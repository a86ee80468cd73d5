import type { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { MSG } from "#contract/messages.ts";
import { LoadingTextField } from "../layout/loading-overlay.tsx";
import { FormAlert } from "./form-messages.tsx";
import { ResendCodeButton } from "./resend-code-button.tsx";

/**
 * The form of a code screen (e-mail verification, password reset): the honeypot, the loading text, the e-mail
 * it works on and the form's alerts, then the screen's own fields and button, then Resend Code.
 */
export function CodeScreenForm({
  formProps,
  email,
  errors,
  loadingText,
  busy,
  pressed,
  children,
}: {
  formProps: ReturnType<typeof getFormProps>;
  email: string;
  /** The form's errors and the e-mail field's: the e-mail is hidden, so its errors show as the form's. */
  errors: { id?: string; form?: readonly string[]; email?: readonly string[] };
  loadingText: string;
  busy: boolean;
  /** The submitter's loading text setter of `useSubmitterLoadingText`. */
  pressed: (text: string) => () => void;
  children: ReactNode;
}) {
  return (
    <Form method="post" className="auth-form" {...formProps}>
      <HoneypotInputs />
      <LoadingTextField text={loadingText} />
      <input type="hidden" name="email" value={email} />
      <FormAlert id={errors.id} errors={[...(errors.form ?? []), ...(errors.email ?? [])]} />
      {children}
      <ResendCodeButton prompt="Didn't receive the code?" disabled={busy} onClick={pressed(MSG.loading.default)} />
    </Form>
  );
}
