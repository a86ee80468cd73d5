import { LOADING_TEXT_FIELD } from "./loading-text.ts";

/** Hidden field that gives a form's submission its own overlay text (see loading-text.ts). */
export function LoadingTextField({ text }: { text: string }) {
  return <input type="hidden" name={LOADING_TEXT_FIELD} value={text} />;
}
