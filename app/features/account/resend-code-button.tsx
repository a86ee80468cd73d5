/**
 * "Resend code" inside a code screen's form: it posts intent=resend with the form's e-mail, skips
 * the code checks (formNoValidate) and sits after the main button, so Enter still submits the code.
 */
export function ResendCodeButton({ prompt, disabled, onClick }: { prompt: string; disabled: boolean; onClick: () => void }) {
  return (
    <p className="resend-row">
      <span>{prompt}</span>
      <button
        type="submit"
        name="intent"
        value="resend"
        formNoValidate
        className="auth-form__text-button"
        disabled={disabled}
        onClick={onClick}
      >
        Resend Code
      </button>
    </p>
  );
}
