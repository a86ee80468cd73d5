import type { FormEvent } from "react";

/**
 * An `onInput` handler that rewrites what the shopper typed into its shown form (digits only, groups of four...).
 * The input stays uncontrolled, so whatever was typed before hydration stays too; it runs on the input itself,
 * before a form listening where the same event bubbles to reads the value.
 */
export const reformatInput =
  (format: (typed: string) => string) =>
  ({ currentTarget }: FormEvent<HTMLInputElement>) => {
    const shown = format(currentTarget.value);
    if (shown !== currentTarget.value) currentTarget.value = shown;
  };
