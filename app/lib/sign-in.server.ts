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
 * shopper address. The strategy reads the body itself: `signIn` hands it the form already read.
 */
export function authenticatorFor(context: Readonly<RouterContextProvider>): Authenticator<SignInAttempt> {
  const api = apiFor(context);
  return new Authenticator<SignInAttempt>().use(new FormStrategy(({ form }) => verifyLogin(api, form)));
}

/**
 * Signs in with `form`, the body the caller read through `readForm` (within its limits): the strategy reads a
 * request's body itself, so it gets one holding just that form. A `request.clone()` for it instead would keep a
 * second copy of every byte a client sends, however many.
 */
export function signIn(context: Readonly<RouterContextProvider>, request: Request, form: FormData): Promise<SignInAttempt> {
  return authenticatorFor(context).authenticate("form", new Request(request.url, { method: "POST", body: form }));
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
