/** A thin rotating ring; decorative, so the surrounding text carries the meaning. */
export function Spinner({ size = "md" }: { size?: "sm" | "md" }) {
  return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
}
