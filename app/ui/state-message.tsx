import type { ReactNode } from "react";
import { MSG } from "#contract/messages.ts";
import { ButtonLink } from "./button.tsx";

/** An empty or failed section: a title, a hint and, for failures, a Try Again link to the same URL. */
export function StateMessage({
  title,
  hint,
  retryHref,
  tone = "empty",
  children,
}: {
  title: string;
  hint?: string;
  retryHref?: string;
  tone?: "empty" | "error";
  children?: ReactNode;
}) {
  return (
    <div className={`state-message state-message--${tone}`} role={tone === "error" ? "alert" : "status"}>
      <p className="state-message__title">{title}</p>
      {hint ? <p className="state-message__hint">{hint}</p> : null}
      {retryHref ? (
        <ButtonLink to={retryHref} variant="outline">
          {MSG.catalogue.tryAgain}
        </ButtonLink>
      ) : null}
      {children}
    </div>
  );
}
