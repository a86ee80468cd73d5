import { data, Link, type RouterContextProvider, redirect, type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { apiFor } from "#app/api-client/api.server.ts";
import { callForForm, failureReply } from "#app/api-client/form-api.server.ts";
import { currentUserSchema, noDataSchema } from "#app/api-client/responses.server.ts";
import { AuthPage } from "#app/features/account/auth-page.tsx";
import { CodeField } from "#app/features/account/code-field.tsx";
import { codeScreenAction } from "#app/features/account/code-screen.server.ts";
import { CodeScreenForm } from "#app/features/account/code-screen-form.tsx";
import { EnhancedField, isEnhanced } from "#app/features/account/enhanced-field.tsx";
import { FormNotice, failedTitleOf } from "#app/features/account/form-messages.tsx";
import { useDelayedRedirect } from "#app/features/account/use-delayed-redirect.ts";
import { useSubmitterLoadingText } from "#app/features/account/use-submitter-loading-text.ts";
import { parseForm } from "#app/forms/form-data.server.ts";
import { useCheckedForm } from "#app/forms/use-checked-form.ts";
import { TIMING_MS } from "#app/lib/constants.ts";
import { codeScreenLoader, redirectSignedInShopper } from "#app/session/auth.server.ts";
import { commitSession, flashToast, getSession } from "#app/session/session.server.ts";
import { areaSheets } from "#app/styles/links.ts";
import { Button } from "#app/ui/button.tsx";
import { OTP_LENGTH } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import { verifyEmailSchema } from "#contract/schemas/auth.ts";
import { verifyEmailChecks } from "#contract/schemas/auth-checks.ts";
import { SHOP } from "#contract/shop.ts";
import type { Route } from "./+types/email-verification";

export const links: Route.LinksFunction = () => areaSheets("account");

export const meta: Route.MetaFunction = () => [{ title: `Verify Your Email | ${SHOP.name}` }];

/**
 * The e-mail comes from the URL (navigation state) or the stored sign-up e-mail, else /signin. A shopper signed in
 * and verified already has nothing to verify: they go on, as from sign-in (`redirectSignedInShopper`).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await redirectSignedInShopper(request);
  return codeScreenLoader({ request });
}

export const action = codeScreenAction(
  {
    send: (c, json) => c.public.otp.resend.$post({ json }),
    failed: MSG.otp.resendVerificationFailed,
    failedTitle: MSG.otp.resendFailed,
    resent: MSG.otp.verificationResent,
  },
  verify,
);

async function verify(request: Request, context: Readonly<RouterContextProvider>, formData: FormData) {
  const submission = parseForm(formData, verifyEmailSchema);
  if (submission.status !== "success") return data({ result: submission.reply(), verified: false }, { status: 400 });

  const api = apiFor(context);
  const outcome = await callForForm(
    api,
    { send: (c) => c.public.otp.verify.$post({ json: submission.value }), schema: noDataSchema },
    ["otp"],
    MSG.otp.verificationFailed,
  );
  if (!outcome.ok) {
    const reply = submission.reply(failureReply(outcome));
    return data({ result: reply, verified: false, failedTitle: MSG.otp.verifyFailed }, { status: 400 });
  }

  const session = await getSession(request);
  session.unset("pendingEmail");
  // A shopper signed in since sign-up is now verified: the header and the guards see it at once.
  const token = session.get("token");
  const me = token ? await api({ send: (c) => c.public.auth.me.$get(), token, schema: currentUserSchema }) : null;
  if (me?.ok) session.set("user", me.data.user);
  // Decision 0042: still signed in, the shopper goes on to the profile; otherwise to sign-in, as the text says.
  const next = me?.ok ? "/profile" : "/signin";
  // The toast rides in the same session as the verified user: a second cookie would undo the verification.
  flashToast(session, "success", MSG.otp.verified);
  if (isEnhanced(formData)) {
    const headers = { "Set-Cookie": await commitSession(request, session) };
    return data({ result: submission.reply({ resetForm: true }), verified: true, next }, { headers });
  }
  return redirect(next, { headers: { "Set-Cookie": await commitSession(request, session) } });
}

/**
 * After the code is verified the screen stays to say where the shopper goes next, then goes (useDelayedRedirect):
 * its loader is not run again, as it would send the now-verified visitor on at once, before the notice shows.
 */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionResult?.verified ? false : defaultShouldRevalidate;
}

export default function EmailVerification({ loaderData, actionData }: Route.ComponentProps) {
  const { email } = loaderData;
  const { form, fields } = useCheckedForm({
    lastResult: actionData?.result,
    checks: verifyEmailChecks,
    shouldValidate: "onSubmit",
    intentChecks: { resend: {} },
  });
  const next = actionData && "next" in actionData && typeof actionData.next === "string" ? actionData.next : null;
  const verified = next !== null;
  useDelayedRedirect(next, TIMING_MS.redirectAfterEmailVerified);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  // Its value as the input holds it, including a code typed before hydration.
  const digits = fields.otp.value ?? "";
  const busy = navigation.formData !== undefined || verified;
  const verifying = navigation.formData?.get("intent") === "verify";
  const blocked = hydrated && (digits.length !== OTP_LENGTH || busy);
  // The overlay names the call (the code's check), the button what it is for.
  const loading = useSubmitterLoadingText(MSG.loading.verifyingOtp);
  const [, pressed] = loading;

  return (
    <AuthPage
      title="Verify Your Email"
      trail={[{ label: "Sign Up", to: "/signup" }, { label: "Email Verification" }]}
      intro={
        <p>
          We sent a {OTP_LENGTH}-digit code to <strong>{email}</strong>. Enter it below to verify your email.
        </p>
      }
      footer={<Link to="/signin">Back to Sign In</Link>}
    >
      {next ? <FormNotice>{next === "/signin" ? MSG.otp.emailVerifiedRedirecting : MSG.otp.emailVerifiedToast}</FormNotice> : null}
      <CodeScreenForm
        form={form}
        emailErrors={fields.email.errors}
        email={email}
        loading={loading}
        busy={busy}
        failedTitle={failedTitleOf(actionData)}
      >
        <EnhancedField />
        <CodeField meta={fields.otp} />
        <Button type="submit" name="intent" value="verify" block disabled={blocked} onClick={pressed(MSG.loading.verifyingOtp)}>
          {verifying ? MSG.loading.verifyingEmail : "Verify Email"}
        </Button>
      </CodeScreenForm>
    </AuthPage>
  );
}
