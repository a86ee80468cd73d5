import type { ErrorDetail } from "#contract/envelope.ts";
import { emailRequestSchema } from "#contract/schemas/auth.ts";
import { type ApiCall, type ApiClient, ApiRequestError } from "./api.server.ts";
import { pagePath } from "./auth.server.ts";
import { redirectWithToast } from "./session.server.ts";

/** What a form action needs from one API call: the data, or errors to put back on the form. */
export type FormCallOutcome<T> =
  | { ok: true; data: T; message: string }
  | {
      ok: false;
      status: number | null;
      /** Errors the API tied to fields of this form (400 VALIDATION_ERROR details, a 409 on the e-mail). */
      fieldErrors: Record<string, string[]>;
      /** The form-level message: the server's, else `fallback`; null when every error sits on a field. */
      formError: string | null;
      /** The error's whole body, for callers that read extras (login's `needsVerification`). */
      body: Record<string, unknown>;
      /** The server's own words where the helper's table put its generic text instead (a plain 401). */
      serverMessage?: string;
      retryAfterSeconds?: number;
    };

/**
 * Calls the API for a form. The helper's rethrown rows (400 VALIDATION_ERROR, 401 needsVerification,
 * 404, 409) and its mapped failures both come back as an outcome; `fields` are the form's field names.
 */
export async function callForForm<T>(
  api: ApiClient,
  call: ApiCall,
  fields: readonly string[],
  fallback: string,
): Promise<FormCallOutcome<T>> {
  try {
    const result = await api<T>(call);
    if (result.success) return { ok: true, data: result.data, message: result.message };
    return {
      ok: false,
      status: result.status,
      fieldErrors: {},
      formError: result.message || fallback,
      body: {},
      serverMessage: result.serverMessage,
      retryAfterSeconds: result.retryAfterSeconds,
    };
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    const { fieldErrors, rest } = splitDetails(error.details, fields);
    const serverMessage = error.body.error?.message || error.body.message;
    const formError = rest.length > 0 ? rest.join(" ") : Object.keys(fieldErrors).length > 0 ? null : serverMessage || fallback;
    return { ok: false, status: error.status, fieldErrors, formError, body: error.body };
  }
}

/** Details on this form's fields become its field errors; the rest (and whole-body ones) stay form-level. */
export function splitDetails(details: readonly ErrorDetail[], fields: readonly string[]) {
  const fieldErrors: Record<string, string[]> = {};
  const rest: string[] = [];
  for (const detail of details) {
    if (fields.includes(detail.path)) fieldErrors[detail.path] = [...(fieldErrors[detail.path] ?? []), detail.message];
    else rest.push(detail.message);
  }
  return { fieldErrors, rest };
}

/** Conform reply options that put a failed call's errors on the form (`submission.reply(failureReply(outcome))`). */
export function failureReply(outcome: Extract<FormCallOutcome<unknown>, { ok: false }>, hideFields: string[] = []) {
  return { formErrors: outcome.formError ? [outcome.formError] : undefined, fieldErrors: outcome.fieldErrors, hideFields };
}

/** Headers for a page that answers with the API's failure status: a 429 says when to retry. */
export function failureHeaders(outcome: Extract<FormCallOutcome<unknown>, { ok: false }>): HeadersInit | undefined {
  return outcome.status === 429 && outcome.retryAfterSeconds !== undefined
    ? { "Retry-After": String(outcome.retryAfterSeconds) }
    : undefined;
}

/** The Resend button of a code screen: asks the API for a new code and reports back on the same page with a toast. */
export async function resendCode(
  request: Request,
  api: ApiClient,
  formData: FormData,
  texts: { endpoint: string; failed: string; resent: string },
) {
  const here = pagePath(request);
  const submission = emailRequestSchema.safeParse(Object.fromEntries(formData));
  if (!submission.success) return redirectWithToast(request, here, "error", texts.failed);
  const outcome = await callForForm(api, { method: "POST", endpoint: texts.endpoint, data: submission.data }, [], texts.failed);
  if (!outcome.ok) return redirectWithToast(request, here, "error", outcome.formError ?? texts.failed);
  return redirectWithToast(request, here, "success", texts.resent);
}
