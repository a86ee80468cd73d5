import { type RefObject, useEffect } from "react";

/**
 * A `<dialog>` the server renders open (non-modal, so it shows without JavaScript) becomes a true modal once
 * scripts run: `showModal()` keeps focus inside it and makes Escape fire `cancel`. When it goes away, focus goes
 * back to what `returnFocus` finds (the control that opened it), not to the page's start.
 */
export function useModalDialog(dialog: RefObject<HTMLDialogElement | null>, returnFocus: () => Element | null) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opening; `returnFocus` is read as it closes.
  useEffect(() => {
    const element = dialog.current;
    if (!element?.open || typeof element.showModal !== "function") return;
    element.close();
    element.showModal();
    return () => {
      const target = returnFocus();
      if (target instanceof HTMLElement) target.focus();
    };
  }, []);
}
