import type { RouterContextProvider } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { MSG } from "#contract/messages.ts";
import { loginSchema } from "#contract/schemas/auth.ts";
import { type ApiClient, apiFor } from "./api.server.ts";
import type { SignedIn } from "./auth.server.ts";
import { callForForm, type FormFailure } from "./form-api.server.ts";
import { parseForm } from "./form-data.server.ts";
import { authSessionSchema } from "./responses.server.ts";

const LOGIN_FIELDS = ["email", "password"];

type LoginSubmission = ReturnType<typeof parseForm<typeof loginSchema>>;

/** How one sign-in went: the form was not valid, the API refused it, or the shopper is signed in. */
export type SignInAttempt =
  | { status: "invalid"; submission: LoginSubmission }
  | { status: "refused"; submission: LoginSubmission; failure: FormFailure }
  | { status: "signedIn"; submission: LoginSubmission; signedIn: SignedIn };

/**
 * Sign-in through remix-auth: the form strategy's verify step checks the form with the shared schema and asks
 * the API's login through the contract client. One per request, because the client forwards that request's
 * shopper address. The strategy reads the body itself, so the caller reads its own copy through `readForm`
 * (with its limits) from `request.clone()` first.
 */
export function authenticatorFor(context: Readonly<RouterContextProvider>): Authenticator<SignInAttempt> {
  const api = apiFor(context);
  return new Authenticator<SignInAttempt>().use(new FormStrategy(({ form }) => verifyLogin(api, form)));
}

async function verifyLogin(api: ApiClient, form: FormData): Promise<SignInAttempt> {
  const submission = parseForm(form, loginSchema);
  if (submission.status !== "success") return { status: "invalid", submission };
  const outcome = await callForForm(
    api,
    { method: "POST", endpoint: "/public/auth/login", data: submission.value, schema: authSessionSchema },
    LOGIN_FIELDS,
    MSG.auth.loginFailedRetry,
  );
  return outcome.ok ? { status: "signedIn", submission, signedIn: outcome.data } : { status: "refused", submission, failure: outcome };
}
