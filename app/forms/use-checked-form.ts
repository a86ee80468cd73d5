import type { SubmissionResult } from "@conform-to/react";
import { type FormEvent, useEffect, useId, useState } from "react";
import type { FieldChecks, FormChecks } from "#contract/schemas/browser-checks.ts";

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Errors = Record<string, readonly string[] | undefined>;

interface CheckedFormOptions<Name extends string> {
  id?: string;
  /** The server's answer to a failed post (Conform's `submission.reply()`): its errors and what was typed. */
  lastResult?: SubmissionResult<string[]> | null;
  /** What the inputs check before a post, from the form's schema module. */
  checks: FormChecks<Name>;
  defaultValue?: Partial<Record<Name, string | number | boolean | null>>;
  /** When a field is first checked. Once checked it is checked again as it is typed in. */
  shouldValidate?: "onBlur" | "onSubmit";
  /** Checks that replace `checks` when the post comes from the button with that `value` (e-mail only to send a code). */
  intentChecks?: Readonly<Record<string, FormChecks>>;
}

export interface CheckedField {
  name: string;
  id: string;
  errorId: string;
  errors: readonly string[] | undefined;
  /** What the server sent back as typed, else the default. */
  initialValue: string | undefined;
  /** What the input holds now, with JavaScript: read from the page at hydration and as it is typed in. */
  value: string | undefined;
  checks: FieldChecks;
}

const fromReply = (result: SubmissionResult<string[]> | null | undefined): Errors => ({ ...result?.error }) as Errors;

/** The message of the first check the input fails, or null. Its validity covers all but `sameAs`. */
export function failedCheck(input: FieldElement, checks: FieldChecks): string | null {
  const { validity } = input;
  if (validity.valueMissing) return checks.required ?? null;
  if (validity.typeMismatch) return checks.email ?? null;
  if (validity.tooShort) return checks.minLength?.[1] ?? null;
  if (validity.tooLong) return checks.maxLength?.[1] ?? null;
  if (validity.patternMismatch) return checks.pattern?.[1] ?? null;
  const [other, message] = checks.sameAs ?? [];
  const otherInput = other ? input.form?.elements.namedItem(other) : null;
  return otherInput && "value" in otherInput && otherInput.value !== input.value ? (message ?? null) : null;
}

/**
 * The errors shown once `name` is typed in: the server's error on that field and on the whole form go (the form's
 * is about the post that failed: kept, it would leave a form that blocks on `valid` unable to post again), the
 * other fields' server errors stay, and the fields checked once show what checking them again `found`.
 */
export function errorsAfterTyping(shown: Errors, name: string, found: Errors): Errors {
  return { ...shown, [name]: undefined, "": undefined, ...found };
}

/**
 * What the form's inputs named `names` hold now, read from the page: a shopper may have typed, ticked or picked
 * before React took the form over, and React does not know of it (its inputs are uncontrolled).
 */
export function currentValues(form: HTMLFormElement, names: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const element = form.elements.namedItem(name);
    if (element instanceof RadioNodeList) values[name] = element.value;
    else if (element instanceof HTMLInputElement && element.type === "checkbox") values[name] = element.checked ? element.value : "";
    else if (element && "value" in element) values[name] = String(element.value);
  }
  return values;
}

/** The HTML constraints of a field's checks, for its input. */
export function constraintProps({ required, minLength, maxLength, pattern }: FieldChecks) {
  return { required: required ? true : undefined, minLength: minLength?.[0], maxLength: maxLength?.[0], pattern: pattern?.[0] };
}

/** Name, id, what was typed and the constraints of a text input, textarea or select of the form. */
export function fieldProps(field: CheckedField) {
  return { id: field.id, name: field.name, defaultValue: field.initialValue, ...constraintProps(field.checks) };
}

/**
 * A form checked in the browser by its inputs' own constraints (see `FormChecks`), showing the schema's messages,
 * and the server's errors and typed values after a failed post. Ids follow Conform's scheme. The form is
 * `noValidate`: the browser's own bubbles never show, and without JavaScript the server's check answers.
 */
export function useCheckedForm<Name extends string>(options: CheckedFormOptions<NoInfer<Name>> & { checks: FormChecks<Name> }) {
  const { lastResult, checks, defaultValue, shouldValidate = "onBlur", intentChecks } = options;
  const generatedId = useId();
  const id = options.id ?? generatedId;
  const [errors, setErrors] = useState<Errors>(() => fromReply(lastResult));
  const [values, setValues] = useState<Record<string, string>>({});
  // Whatever was typed before hydration is in the inputs, not in React's state: live checks start from it.
  useEffect(() => {
    const form = document.getElementById(id);
    if (form instanceof HTMLFormElement) setValues(currentValues(form, Object.keys(checks)));
  }, [id, checks]);
  /** Fields checked once (on blur or a post): checked again as they are typed in. */
  const [checked, setChecked] = useState<readonly string[]>([]);
  const [reply, setReply] = useState(lastResult);
  if (reply !== lastResult) {
    setReply(lastResult);
    setErrors(fromReply(lastResult));
  }

  const check = (form: HTMLFormElement, names: readonly string[], using: FormChecks = checks): Errors => {
    const found: Errors = {};
    for (const name of names) {
      const element = form.elements.namedItem(name);
      const input = element instanceof RadioNodeList ? element[0] : element;
      const message = input && "validity" in input ? failedCheck(input as FieldElement, using[name] ?? {}) : null;
      found[name] = message ? [message] : undefined;
    }
    return found;
  };

  const props = {
    id,
    noValidate: true,
    onBlur: (event: FormEvent<HTMLFormElement>) => {
      const { name } = event.target as FieldElement;
      if (shouldValidate !== "onBlur" || !(name in checks)) return;
      const found = check(event.currentTarget, [name]);
      setChecked((names) => (names.includes(name) ? names : [...names, name]));
      setErrors((shown) => ({ ...shown, ...found }));
    },
    onInput: (event: FormEvent<HTMLFormElement>) => {
      const { name } = event.target as FieldElement;
      if (!name) return;
      setValues(currentValues(event.currentTarget, Object.keys(checks)));
      const found = check(event.currentTarget, checked);
      setErrors((shown) => errorsAfterTyping(shown, name, found));
    },
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
      const using = (submitter && intentChecks?.[submitter.value]) || checks;
      const names = Object.keys(using);
      const found = check(event.currentTarget, names, using);
      setChecked((earlier) => [...new Set([...earlier, ...names])]);
      setErrors(found);
      const failed = names.find((name) => found[name]);
      if (failed) {
        event.preventDefault();
        const first = event.currentTarget.elements.namedItem(failed);
        (first instanceof RadioNodeList ? (first[0] as HTMLElement | undefined) : (first as HTMLElement | null))?.focus();
      }
    },
  };

  const initial = (name: string) => {
    const typed = (lastResult?.initialValue as Record<string, unknown> | null | undefined)?.[name] ?? defaultValue?.[name as Name];
    return typed === undefined || typed === null ? undefined : String(typed === true ? "on" : typed);
  };
  const fields = Object.fromEntries(
    Object.keys(checks).map((name) => {
      const fieldId = `${id}-field-${name}`;
      const field: CheckedField = {
        name,
        id: fieldId,
        errorId: `${fieldId}-error`,
        errors: errors[name],
        initialValue: initial(name),
        value: values[name] ?? initial(name),
        checks: checks[name as Name],
      };
      return [name, field];
    }),
  ) as Record<Name, CheckedField>;

  const formErrors = errors[""];
  return {
    form: { id, errorId: `${id}-form-error`, errors: formErrors, valid: Object.values(errors).every((shown) => !shown), props },
    fields,
  };
}
