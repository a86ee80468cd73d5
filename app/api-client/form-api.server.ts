import type { ErrorDetail } from "#contract/envelope.ts";
import type { ApiClient, ApiFailure } from "./api.server.ts";
import type { ApiCall, DataOf } from "./api-call.ts";

/** What a form action needs from one API call: the data, or errors to put back on the form. */
export type FormCallOutcome<T> = { ok: true; data: T; message: string } | FormFailure;

export interface FormFailure extends ApiFailure {
  /** Errors the API tied to fields of this form (400 VALIDATION_ERROR details, a 409 on the e-mail). */
  fieldErrors: Record<string, string[]>;
  /** The form-level message: the server's, else `fallback`; null when every error sits on a field. */
  formError: string | null;
}

/** Calls the API for a form and puts any failure in the form's terms; `fields` are the form's field names. */
export async function callForForm<R>(
  api: ApiClient,
  call: ApiCall<R>,
  fields: readonly string[],
  fallback: string,
): Promise<FormCallOutcome<DataOf<R>>> {
  const outcome = await api(call);
  if (outcome.ok) return { ok: true, data: outcome.data, message: outcome.message };
  if (!outcome.callerDecides) return { ...outcome, fieldErrors: {}, formError: outcome.message || fallback };
  const { fieldErrors, rest } = splitDetails(outcome.details, fields);
  const serverMessage = outcome.body.error?.message || outcome.body.message;
  const formError = rest.length > 0 ? rest.join(" ") : Object.keys(fieldErrors).length > 0 ? null : serverMessage || fallback;
  return { ...outcome, fieldErrors, formError };
}

/** Details on this form's fields become its field errors; the rest (and whole-body ones) stay form-level. */
function splitDetails(details: readonly ErrorDetail[], fields: readonly string[]) {
  const fieldErrors: Record<string, string[]> = {};
  const rest: string[] = [];
  for (const detail of details) {
    if (fields.includes(detail.path)) fieldErrors[detail.path] = [...(fieldErrors[detail.path] ?? []), detail.message];
    else rest.push(detail.message);
  }
  return { fieldErrors, rest };
}

/** Conform reply options that put a failed call's errors on the form (`submission.reply(failureReply(outcome))`). */
export function failureReply(outcome: Pick<FormFailure, "formError" | "fieldErrors">, hideFields: string[] = []) {
  return { formErrors: outcome.formError ? [outcome.formError] : undefined, fieldErrors: outcome.fieldErrors, hideFields };
}

/** Headers for a page that answers with the API's failure status: a 429 says when to retry. */
export function failureHeaders(outcome: Pick<FormFailure, "status" | "retryAfterSeconds">): HeadersInit | undefined {
  return outcome.status === 429 && outcome.retryAfterSeconds !== undefined
    ? { "Retry-After": String(outcome.retryAfterSeconds) }
    : undefined;
}
