import type { ToastType } from "./constants.ts";

/** A one-shot notice carried through a redirect in the session and shown by the root layout. */
export interface Toast {
  id: string;
  type: ToastType;
  /** A failed call's short title (the spec's 'Failed to subscribe'), shown above the message. */
  title?: string;
  message: string;
}
