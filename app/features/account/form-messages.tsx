import type { ReactNode } from "react";

/** A form's own error (not tied to a field): announced at once, under the failed call's title when it has one. */
export function FormAlert({ id, errors, title }: { id?: string; errors?: readonly string[] | null; title?: string | null }) {
  if (!errors?.length) return null;
  return (
    <div id={id} className="form-message form-message--error" role="alert">
      {title ? <p className="form-message__title">{title}</p> : null}
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  );
}

/** A success line shown in place, such as the message before a timed redirect. */
export function FormNotice({ children }: { children: ReactNode }) {
  return (
    <p className="form-message form-message--success" role="status">
      {children}
    </p>
  );
}

/** The title of a failed call an action answered with (`{ failedTitle }`), for `FormAlert`. */
export function failedTitleOf(actionData: unknown): string | null {
  if (typeof actionData !== "object" || actionData === null || !("failedTitle" in actionData)) return null;
  return typeof actionData.failedTitle === "string" ? actionData.failedTitle : null;
}
