import type { ClientResponse } from "hono/client";
import type { RouterContextProvider } from "react-router";
import { type ApiClient, apiFor } from "#app/api-client/api.server.ts";
import type { ApiRoutes } from "#app/api-client/api-call.ts";
import { callForForm } from "#app/api-client/form-api.server.ts";
import { noDataSchema } from "#app/api-client/responses.server.ts";
import { readHoneypotForm } from "#app/forms/honeypot.server.ts";
import { pagePath } from "#app/session/auth.server.ts";
import { redirectWithToast } from "#app/session/session.server.ts";
import { emailRequestSchema } from "#contract/schemas/auth.ts";

/**
 * The Resend button of a code screen: asks the API for a new code and reports back on the same page with a toast.
 * A failure's toast carries the call's short title (`failedTitle`) above the server's reason, else `failed`.
 */
async function resendCode(
  request: Request,
  api: ApiClient,
  formData: FormData,
  texts: {
    send: (api: ApiRoutes, json: { email: string }) => Promise<ClientResponse<unknown>>;
    failed: string;
    failedTitle: string;
    resent: string;
  },
) {
  const here = pagePath(request);
  const submission = emailRequestSchema.safeParse(Object.fromEntries(formData));
  if (!submission.success) return redirectWithToast(request, here, "error", texts.failed, {}, texts.failedTitle);
  const outcome = await callForForm(api, { send: (c) => texts.send(c, submission.data), schema: noDataSchema }, [], texts.failed);
  if (!outcome.ok) return redirectWithToast(request, here, "error", outcome.formError ?? texts.failed, {}, texts.failedTitle);
  return redirectWithToast(request, here, "success", texts.resent);
}

type ResendTexts = Parameters<typeof resendCode>[3];

/**
 * The action of a code screen: its Resend Code button (intent `resend`) asks the API for a new code (`resend.send`);
 * any other post goes to `submit` with the form read within the limits and its honeypot checked.
 */
export function codeScreenAction<Result>(
  resend: ResendTexts,
  submit: (request: Request, context: Readonly<RouterContextProvider>, formData: FormData) => Promise<Result>,
) {
  return async ({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) => {
    const formData = await readHoneypotForm(request);
    return formData.get("intent") === "resend"
      ? resendCode(request, apiFor(context), formData, resend)
      : submit(request, context, formData);
  };
}
