import { type RefObject, useEffect } from "react";

/**
 * A `<dialog>` the server renders open (non-modal, so it shows without JavaScript) becomes a true modal once
 * scripts run: `showModal()` keeps focus inside it and centres it in the top layer (base.css, `dialog:modal`).
 * Escape and a click on the veil around it (outside its box) `dismiss` it, as its close link does. When it goes
 * away, focus goes back to what `returnFocus` finds (the control that opened it), not to the page's start.
 */
export function useModalDialog(dialog: RefObject<HTMLDialogElement | null>, returnFocus: () => Element | null, dismiss: () => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opening; `returnFocus` and `dismiss` are read when used.
  useEffect(() => {
    const element = dialog.current;
    if (!element?.open || typeof element.showModal !== "function") return;
    element.close();
    element.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      dismiss();
    };
    // A click on the backdrop reaches the dialog itself, at a point outside its box.
    const onClick = (event: MouseEvent) => {
      if (event.target !== element) return;
      const box = element.getBoundingClientRect();
      const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
      if (!inside) dismiss();
    };
    element.addEventListener("cancel", onCancel);
    element.addEventListener("click", onClick);
    return () => {
      element.removeEventListener("cancel", onCancel);
      element.removeEventListener("click", onClick);
      const target = returnFocus();
      if (target instanceof HTMLElement) target.focus();
    };
  }, []);
}
