import { data, Form, Link, useNavigation } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { apiFor } from "#app/api-client/api.server.ts";
import { callForForm, failureReply } from "#app/api-client/form-api.server.ts";
import { authSessionSchema } from "#app/api-client/responses.server.ts";
import { AuthPage } from "#app/features/account/auth-page.tsx";
import { FormAlert, failedTitleOf } from "#app/features/account/form-messages.tsx";
import { useClearOnError } from "#app/features/account/use-clear-on-error.ts";
import { parseForm } from "#app/forms/form-data.server.ts";
import { honeypotLoaderData, readHoneypotForm } from "#app/forms/honeypot.server.ts";
import { fieldProps, useCheckedForm } from "#app/forms/use-checked-form.ts";
import { redirectSignedIn, redirectSignedInShopper } from "#app/session/auth.server.ts";
import { areaSheets } from "#app/styles/links.ts";
import { Button } from "#app/ui/button.tsx";
import { Field } from "#app/ui/field.tsx";
import { LoadingTextField } from "#app/ui/layout/loading-overlay.tsx";
import { MSG } from "#contract/messages.ts";
import { signupSchema } from "#contract/schemas/auth.ts";
import { signupChecks } from "#contract/schemas/auth-checks.ts";
import { SHOP } from "#contract/shop.ts";
import type { Route } from "./+types/signup";

export const links: Route.LinksFunction = () => areaSheets("account");

export const meta: Route.MetaFunction = () => [{ title: `Sign Up | ${SHOP.name}` }];

const FIELDS = ["name", "email", "password", "confirmPassword"];
const HIDDEN = ["password", "confirmPassword"];

/** Creates the account (signed in, e-mail unverified) and goes on to the e-mail verification screen. */
export async function loader({ request }: Route.LoaderArgs) {
  await redirectSignedInShopper(request);
  return honeypotLoaderData;
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readHoneypotForm(request);
  const submission = parseForm(formData, signupSchema);
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 });

  const outcome = await callForForm(
    apiFor(context),
    { send: (c) => c.public.auth.signup.$post({ json: submission.value }), schema: authSessionSchema },
    FIELDS,
    MSG.auth.signupFailedRetry,
  );
  if (!outcome.ok) {
    const reply = submission.reply(failureReply(outcome, HIDDEN));
    return data({ result: reply, failedTitle: MSG.auth.signupFailed }, { status: 400 });
  }
  const next = outcome.data.user.email_verified ? "/" : "/email-verification";
  return redirectSignedIn(request, outcome.data, next, MSG.auth.accountCreated);
}

export default function SignUp({ actionData }: Route.ComponentProps) {
  const { form, fields } = useCheckedForm({ lastResult: actionData?.result, checks: signupChecks });
  useClearOnError(form.id, actionData?.result, HIDDEN);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const { password, confirmPassword } = fields;
  // Checked live, not only when the confirmation loses focus.
  const mismatch = Boolean(confirmPassword.value) && password.value !== confirmPassword.value;
  const confirmErrors = mismatch ? [MSG.auth.passwordsDoNotMatch] : confirmPassword.errors;
  const blocked = hydrated && (mismatch || !form.valid || navigation.formData !== undefined);

  return (
    <AuthPage
      title="Create an Account"
      trail={[{ label: "Sign Up" }]}
      footer={
        <p>
          Already have an account? <Link to="/signin">Sign In</Link>
        </p>
      }
    >
      <Form method="post" className="auth-form" {...form.props}>
        <HoneypotInputs />
        <LoadingTextField text={MSG.loading.creatingAccount} />
        <FormAlert id={form.errorId} errors={form.errors} title={failedTitleOf(actionData)} />
        <Field
          label="Full name"
          errors={fields.name.errors}
          inputProps={{ ...fieldProps(fields.name), type: "text", autoComplete: "name" }}
        />
        <Field
          label="Email"
          errors={fields.email.errors}
          inputProps={{ ...fieldProps(fields.email), type: "email", autoComplete: "email" }}
        />
        <Field
          label="Password"
          errors={password.errors}
          inputProps={{ ...fieldProps(password), type: "password", autoComplete: "new-password" }}
        />
        <Field
          label="Confirm password"
          errors={confirmErrors}
          inputProps={{ ...fieldProps(confirmPassword), type: "password", autoComplete: "new-password" }}
        />
        <Button type="submit" block disabled={blocked}>
          Sign Up
        </Button>
      </Form>
    </AuthPage>
  );
}
