import type { ReactNode } from "react";

/** A form's own error (not tied to a field): announced at once. */
export function FormAlert({ id, errors }: { id?: string; errors?: readonly string[] | null }) {
  if (!errors?.length) return null;
  return (
    <div id={id} className="form-message form-message--error" role="alert">
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
