import { type ComponentProps, type ReactNode, useId } from "react";

/**
 * Labelled form controls. Ids follow Conform's scheme (`<id>-description`, `<id>-error`), so
 * `{...getInputProps(fields.email, { type: "email" })}` can be passed as `inputProps` unchanged.
 */
interface FrameProps {
  label: ReactNode;
  hint?: ReactNode;
  errors?: readonly string[] | string | null;
  className?: string;
}

interface Described {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
}

function FieldFrame({
  label,
  hint,
  errors,
  className,
  id,
  describedBy,
  children,
}: FrameProps & { id: string; describedBy?: string; children: (described: Described) => ReactNode }) {
  const errorList = errors == null ? [] : typeof errors === "string" ? [errors] : errors;
  const hintId = `${id}-description`;
  const errorId = `${id}-error`;
  const ids = [describedBy, hint ? hintId : null, errorList.length > 0 ? errorId : null].filter(Boolean);
  const described: Described = {
    id,
    "aria-describedby": ids.length > 0 ? [...new Set(ids.join(" ").split(" "))].join(" ") : undefined,
    "aria-invalid": errorList.length > 0 ? true : undefined,
  };
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children(described)}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {errorList.length > 0 ? (
        <div className="field__error" id={errorId}>
          {errorList.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}

export function Field({ inputProps, ...frame }: FrameProps & { inputProps: ComponentProps<"input"> }) {
  const fallbackId = useId();
  const { id = fallbackId, "aria-describedby": describedBy, ...rest } = inputProps;
  return (
    <FieldFrame {...frame} id={id} describedBy={describedBy}>
      {(described) => <input className="input" {...rest} {...described} />}
    </FieldFrame>
  );
}

export function TextareaField({ textareaProps, ...frame }: FrameProps & { textareaProps: ComponentProps<"textarea"> }) {
  const fallbackId = useId();
  const { id = fallbackId, "aria-describedby": describedBy, ...rest } = textareaProps;
  return (
    <FieldFrame {...frame} id={id} describedBy={describedBy}>
      {(described) => <textarea className="input input--textarea" rows={5} {...rest} {...described} />}
    </FieldFrame>
  );
}

export function SelectField({
  selectProps,
  children,
  ...frame
}: FrameProps & { selectProps: ComponentProps<"select">; children: ReactNode }) {
  const fallbackId = useId();
  const { id = fallbackId, "aria-describedby": describedBy, ...rest } = selectProps;
  return (
    <FieldFrame {...frame} id={id} describedBy={describedBy}>
      {(described) => (
        <select className="input input--select" {...rest} {...described}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

/** A checkbox or radio with its label beside it. */
export function CheckField({ label, inputProps }: { label: ReactNode; inputProps: ComponentProps<"input"> }) {
  return (
    <label className="check-field">
      <input type="checkbox" {...inputProps} />
      <span>{label}</span>
    </label>
  );
}
