import type { ToastType } from "./constants.ts";

/** A one-shot notice carried through a redirect in the session and shown by the root layout. */
export interface Toast {
  id: string;
  type: ToastType;
  message: string;
}
