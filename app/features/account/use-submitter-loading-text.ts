import { useState } from "react";
import { flushSync } from "react-dom";

/**
 * The overlay text of a form with several submit buttons (see loading-text.ts): each button sets it
 * as it is pressed, synchronously, so the submission carries the text of the button that sent it.
 */
export function useSubmitterLoadingText(initial: string) {
  const [text, setText] = useState(initial);
  const pressed = (next: string) => () => flushSync(() => setText(next));
  return [text, pressed] as const;
}
