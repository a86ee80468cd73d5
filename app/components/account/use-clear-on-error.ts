import type { FormMetadata, SubmissionResult } from "@conform-to/react";
import { useEffect } from "react";

/**
 * Empties secret fields (passwords) when the server sends a submission back with errors, so that with
 * JavaScript, as without it (the reply never echoes them, `hideFields`), everything typed is kept but those.
 */
export function useClearOnError<Schema extends Record<string, unknown>>(
  form: FormMetadata<Schema, string[]>,
  result: SubmissionResult<string[]> | undefined,
  names: readonly string[],
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per server reply; `form` is a new object every render.
  useEffect(() => {
    if (result?.status !== "error") return;
    for (const name of names) form.update({ name, value: "", validated: false });
  }, [result]);
}
