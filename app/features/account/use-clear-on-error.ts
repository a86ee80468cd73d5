import type { SubmissionResult } from "@conform-to/react";
import { useEffect } from "react";

/**
 * Empties secret fields (passwords) when the server sends a submission back with errors, so that with
 * JavaScript, as without it (the reply never echoes them, `hideFields`), everything typed is kept but those.
 * The inputs are cleared in place: a Conform intent would also drop the errors the server just sent.
 */
export function useClearOnError(formId: string, result: SubmissionResult<string[]> | undefined, names: readonly string[]) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per server reply; the names are constant.
  useEffect(() => {
    if (result?.status !== "error") return;
    const form = document.forms.namedItem(formId);
    for (const name of names) {
      const input = form?.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = "";
    }
  }, [result, formId]);
}
