import { data, Link, type RouterContextProvider, useNavigation } from "react-router";
import { apiFor } from "#app/api-client/api.server.ts";
import type { ApiRoutes } from "#app/api-client/api-call.ts";
import { callForForm, failureReply } from "#app/api-client/form-api.server.ts";
import { deviceGrantSchema } from "#app/api-client/responses.server.ts";
import { AuthPage } from "#app/features/account/auth-page.tsx";
import { CodeField } from "#app/features/account/code-field.tsx";
import { codeScreenAction } from "#app/features/account/code-screen.server.ts";
import { CodeScreenForm } from "#app/features/account/code-screen-form.tsx";
import { failedTitleOf } from "#app/features/account/form-messages.tsx";
import { useClearOnError } from "#app/features/account/use-clear-on-error.ts";
import { useSubmitterLoadingText } from "#app/features/account/use-submitter-loading-text.ts";
import { parseForm } from "#app/forms/form-data.server.ts";
import { fieldProps, useCheckedForm } from "#app/forms/use-checked-form.ts";
import { codeScreenLoader, signOutSession } from "#app/session/auth.server.ts";
import { deviceCookieHeader } from "#app/session/device-cookie.server.ts";
import { commitSession, getSession, redirectWithToast } from "#app/session/session.server.ts";
import { areaSheets } from "#app/styles/links.ts";
import { Button } from "#app/ui/button.tsx";
import { Field } from "#app/ui/field.tsx";
import { OTP_LENGTH } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import { resetPasswordFormSchema } from "#contract/schemas/auth.ts";
import { resetPasswordFormChecks } from "#contract/schemas/auth-checks.ts";
import { SHOP } from "#contract/shop.ts";
import type { Route } from "./+types/otp-verification";

export const links: Route.LinksFunction = () => areaSheets("account");

export const meta: Route.MetaFunction = () => [{ title: `Reset Password | ${SHOP.name}` }];

const FIELDS = ["otp", "newPassword", "confirmPassword"];
const HIDDEN = ["newPassword", "confirmPassword"];

/** The e-mail comes from the URL (navigation state) or the stored forgot-password e-mail, else /signin. */
export const loader = codeScreenLoader;

export const action = codeScreenAction(
  {
    send: (c, json) => c.public.auth["forgot-password"].$post({ json }),
    failed: MSG.auth.resendResetFailed,
    failedTitle: MSG.auth.resetCodeFailed,
    resent: MSG.auth.resetCodeResent,
  },
  resetPassword,
);

async function resetPassword(request: Request, context: Readonly<RouterContextProvider>, formData: FormData) {
  const submission = parseForm(formData, resetPasswordFormSchema);
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 });

  const { email, otp, newPassword } = submission.value;
  const call = {
    send: (c: ApiRoutes) => c.public.auth["reset-password"].$post({ json: { email, otp, newPassword } }),
    schema: deviceGrantSchema,
  } as const;
  const outcome = await callForForm(apiFor(context), call, FIELDS, MSG.auth.resetFailedRetry);
  if (!outcome.ok) {
    const reply = submission.reply(failureReply(outcome, HIDDEN));
    return data({ result: reply, failedTitle: MSG.auth.resetFailed }, { status: 400 });
  }
  // A reset signs the account out everywhere (the API revokes its tokens), this browser included; the code proved
  // the mailbox, so this browser keeps the device token the API gave it and signs in as a known device.
  const session = await getSession(request);
  session.unset("pendingEmail");
  signOutSession(session);
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSession(request, session));
  headers.append("Set-Cookie", await deviceCookieHeader(request, outcome.data.device));
  return redirectWithToast(request, "/signin", "success", MSG.auth.passwordResetToast, { headers });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { email } = loaderData;
  const { form, fields } = useCheckedForm({
    lastResult: actionData?.result,
    checks: resetPasswordFormChecks,
    shouldValidate: "onBlur",
    intentChecks: { resend: {} },
  });
  useClearOnError(form.id, actionData?.result, HIDDEN);
  const navigation = useNavigation();
  const busy = navigation.formData !== undefined;
  const loading = useSubmitterLoadingText(MSG.loading.resettingPassword);
  const [, pressed] = loading;

  return (
    <AuthPage
      title="Reset Password"
      trail={[{ label: "Sign In", to: "/signin" }, { label: "Reset Password" }]}
      intro={
        <p>
          Enter the {OTP_LENGTH}-digit code we sent to <strong>{email}</strong> and choose a new password.
        </p>
      }
      footer={<Link to="/signin">Back to Sign In</Link>}
    >
      <CodeScreenForm
        form={form}
        emailErrors={fields.email.errors}
        email={email}
        loading={loading}
        busy={busy}
        failedTitle={failedTitleOf(actionData)}
      >
        <CodeField meta={fields.otp} label="Reset code" />
        <Field
          label="New password"
          errors={fields.newPassword.errors}
          inputProps={{ ...fieldProps(fields.newPassword), type: "password", autoComplete: "new-password" }}
        />
        <Field
          label="Confirm new password"
          errors={fields.confirmPassword.errors}
          inputProps={{ ...fieldProps(fields.confirmPassword), type: "password", autoComplete: "new-password" }}
        />
        <Button type="submit" name="intent" value="reset" block disabled={busy} onClick={pressed(MSG.loading.resettingPassword)}>
          Reset Password
        </Button>
      </CodeScreenForm>
    </AuthPage>
  );
}
