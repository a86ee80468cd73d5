import type { ComponentProps } from "react";
import { Link } from "react-router";

/**
 * primary: ink fill; outline: ink hairline; link: underlined text.
 * light and outline-light are their counterparts on dark (ink) surfaces.
 */
export type ButtonVariant = "primary" | "outline" | "link" | "light" | "outline-light";

interface StyleProps {
  variant?: ButtonVariant;
  /** Stretches to the width of its container. */
  block?: boolean;
}

/** The class list every button-looking element shares, for elements that are neither `<button>` nor `<Link>`. */
export function buttonClass({ variant = "primary", block = false }: StyleProps = {}, extra?: string) {
  return ["button", `button--${variant}`, block ? "button--block" : null, extra].filter(Boolean).join(" ");
}

export function Button({ variant, block, className, type = "button", ...props }: ComponentProps<"button"> & StyleProps) {
  return <button type={type} className={buttonClass({ variant, block }, className)} {...props} />;
}

export function ButtonLink({ variant, block, className, ...props }: ComponentProps<typeof Link> & StyleProps) {
  return <Link className={buttonClass({ variant, block }, className)} {...props} />;
}
