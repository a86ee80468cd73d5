import type { RouterContextProvider } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { API_HEADERS } from "#contract/constants.ts";
import type { AuthSessionDto } from "#contract/dto/account.ts";
import { MSG } from "#contract/messages.ts";
import { loginSchema } from "#contract/schemas/auth.ts";
import { type ApiClient, apiFor } from "../api-client/api.server.ts";
import { callForForm, type FormFailure } from "../api-client/form-api.server.ts";
import { authSessionSchema } from "../api-client/responses.server.ts";
import { parseForm } from "../forms/form-data.server.ts";
import { readDeviceToken } from "./device-cookie.server.ts";

const LOGIN_FIELDS = ["email", "password"];

type LoginSubmission = ReturnType<typeof parseForm<typeof loginSchema>>;

/** How one sign-in went: the form was not valid, the API refused it, or the shopper is signed in. */
export type SignInAttempt =
  | { status: "invalid"; submission: LoginSubmission }
  | { status: "refused"; submission: LoginSubmission; failure: FormFailure }
  | { status: "signedIn"; submission: LoginSubmission; signedIn: AuthSessionDto };

/**
 * Sign-in through remix-auth: the form strategy's verify step checks the form with the shared schema and asks
 * the API's login through the contract client, with the browser's device token (its cookie, decision 0053). One
 * per request, because the client forwards that request's shopper address. The strategy reads the body itself:
 * `signIn` hands it the form already read.
 */
export function authenticatorFor(context: Readonly<RouterContextProvider>): Authenticator<SignInAttempt> {
  const api = apiFor(context);
  return new Authenticator<SignInAttempt>().use(
    new FormStrategy(async ({ form, request }) => verifyLogin(api, form, await readDeviceToken(request))),
  );
}

/**
 * Signs in with `form`, the body the caller read through `readForm` (within its limits): the strategy reads a
 * request's body itself, so it gets one holding just that form. A `request.clone()` for it instead would keep a
 * second copy of every byte a client sends, however many.
 */
export function signIn(context: Readonly<RouterContextProvider>, request: Request, form: FormData): Promise<SignInAttempt> {
  const cookie = request.headers.get("cookie");
  const headers = cookie === null ? undefined : { cookie };
  return authenticatorFor(context).authenticate("form", new Request(request.url, { method: "POST", body: form, headers }));
}

async function verifyLogin(api: ApiClient, form: FormData, device: string | undefined): Promise<SignInAttempt> {
  const submission = parseForm(form, loginSchema);
  if (submission.status !== "success") return { status: "invalid", submission };
  const headers = device === undefined ? undefined : { [API_HEADERS.device]: device };
  const outcome = await callForForm(
    api,
    { send: (c) => c.public.auth.login.$post({ json: submission.value }), headers, schema: authSessionSchema },
    LOGIN_FIELDS,
    MSG.auth.loginFailedRetry,
  );
  return outcome.ok ? { status: "signedIn", submission, signedIn: outcome.data } : { status: "refused", submission, failure: outcome };
}
