import { data, Form, Link, redirect, useNavigation } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { type ApiClient, apiFor } from "#app/api-client/api.server.ts";
import { callForForm, failureReply } from "#app/api-client/form-api.server.ts";
import { noDataSchema } from "#app/api-client/responses.server.ts";
import { AuthPage } from "#app/features/account/auth-page.tsx";
import { EnhancedField, isEnhanced } from "#app/features/account/enhanced-field.tsx";
import { FormAlert, FormNotice, failedTitleOf } from "#app/features/account/form-messages.tsx";
import { useClearOnError } from "#app/features/account/use-clear-on-error.ts";
import { useDelayedRedirect } from "#app/features/account/use-delayed-redirect.ts";
import { useSubmitterLoadingText } from "#app/features/account/use-submitter-loading-text.ts";
import { landingFor } from "#app/features/admin/admin.server.ts";
import { parseForm } from "#app/forms/form-data.server.ts";
import { honeypotLoaderData, readHoneypotForm } from "#app/forms/honeypot.server.ts";
import { fieldProps, useCheckedForm } from "#app/forms/use-checked-form.ts";
import { TIMING_MS } from "#app/lib/constants.ts";
import { redirectSignedIn, redirectSignedInShopper, returnPath } from "#app/session/auth.server.ts";
import { safeRedirectPath } from "#app/session/safe-redirect.ts";
import { commitSession, flashToast, getSession, type ShopSession } from "#app/session/session.server.ts";
import { signIn } from "#app/session/sign-in.server.ts";
import { areaSheets } from "#app/styles/links.ts";
import { Button } from "#app/ui/button.tsx";
import { Field } from "#app/ui/field.tsx";
import { LoadingTextField } from "#app/ui/layout/loading-overlay.tsx";
import { MSG } from "#contract/messages.ts";
import { emailRequestSchema } from "#contract/schemas/auth.ts";
import { emailRequestChecks, loginChecks } from "#contract/schemas/auth-checks.ts";
import { SHOP } from "#contract/shop.ts";
import type { Route } from "./+types/signin";

export const links: Route.LinksFunction = () => areaSheets("account");

export const meta: Route.MetaFunction = () => [{ title: `Login | ${SHOP.name}` }];

const HIDDEN = ["password"];

export async function loader({ request }: Route.LoaderArgs) {
  await redirectSignedInShopper(request);
  // Blank when the URL asks for no page: the sign-in then lands where the account works (landingFor).
  const asked = new URL(request.url).searchParams.has("redirectTo");
  return { redirectTo: asked ? returnPath(request) : "", ...honeypotLoaderData };
}

/** One form, two intents: log in, or send a password reset code to the e-mail typed. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readHoneypotForm(request);
  return formData.get("intent") === "forgot" ? requestResetCode(request, context, formData) : logIn(request, context, formData);
}

async function logIn(request: Request, context: Route.ActionArgs["context"], formData: FormData) {
  const attempt = await signIn(context, request, formData);
  const { submission } = attempt;
  if (attempt.status === "invalid") return data({ result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 });
  if (attempt.status === "signedIn") {
    const asked = formData.get("redirectTo");
    const next = asked ? safeRedirectPath(asked) : await landingFor(apiFor(context), attempt.signedIn.token);
    return redirectSignedIn(request, attempt.signedIn, next, MSG.auth.welcomeBack);
  }
  const { failure } = attempt;
  if (failure.status === 401 && failure.body.needsVerification) {
    const session = await getSession(request);
    const email = typeof failure.body.email === "string" ? failure.body.email : String(submission.payload.email);
    session.set("pendingEmail", email);
    flashToast(session, "info", MSG.auth.verifyToContinue);
    await sendVerificationCode(apiFor(context), session, email);
    return redirect("/email-verification", { headers: { "Set-Cookie": await commitSession(request, session) } });
  }
  // The client turns every plain 401 into its generic "log in again" text; a refused login shows the server's
  // own words (one message for any wrong credentials, decision 0003), else the login fallback.
  const shown = failure.status === 401 ? { ...failure, formError: failure.serverMessage ?? MSG.auth.loginFailedRetry } : failure;
  return data({ result: submission.reply(failureReply(shown, HIDDEN)), failedTitle: MSG.auth.loginFailed }, { status: 400 });
}

/**
 * The verification screen says a code is on its way, so one is sent (POST /public/otp/send). A cooldown (429)
 * means one was just sent to this address (at sign-up or a moment ago): that code stands, and nothing is said.
 * Any other failure is told under the spec's title; the screen's Resend button tries again.
 */
async function sendVerificationCode(api: ApiClient, session: ShopSession, email: string) {
  const outcome = await api({ send: (c) => c.public.otp.send.$post({ json: { email } }), schema: noDataSchema });
  if (outcome.ok || outcome.status === 429) return;
  flashToast(session, "error", outcome.message || MSG.otp.resendVerificationFailed, MSG.otp.sendFailed);
}

/** The code is sent, then the reset screen follows 1.5 s later with JavaScript, at once without. */
async function requestResetCode(request: Request, context: Route.ActionArgs["context"], formData: FormData) {
  const submission = parseForm(formData, emailRequestSchema);
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 });

  const outcome = await callForForm(
    apiFor(context),
    { send: (c) => c.public.auth["forgot-password"].$post({ json: submission.value }), schema: noDataSchema },
    ["email"],
    MSG.auth.resetCodeFailedRetry,
  );
  if (!outcome.ok) {
    const reply = submission.reply(failureReply(outcome, HIDDEN));
    return data({ result: reply, failedTitle: MSG.auth.resetCodeFailed }, { status: 400 });
  }
  const session = await getSession(request);
  session.set("pendingEmail", submission.value.email);
  if (isEnhanced(formData)) {
    return data(
      { result: submission.reply({ hideFields: HIDDEN }), resetCodeSent: true },
      { headers: { "Set-Cookie": await commitSession(request, session) } },
    );
  }
  flashToast(session, "success", MSG.auth.resetCodeSent);
  return redirect("/otp-verification", { headers: { "Set-Cookie": await commitSession(request, session) } });
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { form, fields } = useCheckedForm({
    lastResult: actionData?.result,
    checks: loginChecks,
    intentChecks: { forgot: emailRequestChecks },
  });
  useClearOnError(form.id, actionData?.result, HIDDEN);
  const resetCodeSent = Boolean(actionData && "resetCodeSent" in actionData);
  useDelayedRedirect(resetCodeSent ? "/otp-verification" : null, TIMING_MS.redirectAfterResetCodeSent);
  const navigation = useNavigation();
  const busy = navigation.formData !== undefined || resetCodeSent;
  const [loadingText, pressed] = useSubmitterLoadingText(MSG.loading.loggingIn);

  return (
    <AuthPage
      title="Login to your Account"
      trail={[{ label: "Login" }]}
      footer={
        <p>
          Don't have an account? <Link to="/signup">Sign Up</Link>
        </p>
      }
    >
      {resetCodeSent ? <FormNotice>{MSG.auth.resetCodeSent}</FormNotice> : null}
      <Form method="post" className="auth-form" {...form.props}>
        <HoneypotInputs />
        <EnhancedField />
        <LoadingTextField text={loadingText} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <FormAlert id={form.errorId} errors={form.errors} title={failedTitleOf(actionData)} />
        <Field
          label="Email"
          errors={fields.email.errors}
          inputProps={{ ...fieldProps(fields.email), type: "email", autoComplete: "email" }}
        />
        <Field
          label="Password"
          errors={fields.password.errors}
          inputProps={{ ...fieldProps(fields.password), type: "password", autoComplete: "current-password" }}
        />
        {/* Login comes first in the form, so Enter in a field logs in. */}
        <Button type="submit" name="intent" value="login" block disabled={busy} onClick={pressed(MSG.loading.loggingIn)}>
          Login
        </Button>
        <button
          type="submit"
          name="intent"
          value="forgot"
          formNoValidate
          className="auth-form__text-button"
          disabled={busy}
          onClick={pressed(MSG.loading.default)}
        >
          Forgot Password
        </button>
      </Form>
    </AuthPage>
  );
}
