/** The secret input was refused: too long, or cancelled at the terminal. */
export class SecretInputError extends Error {}

type SecretInput = NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };

/**
 * Reads one line per prompt from `input`, at most `maxLength` characters each: a password and its confirmation,
 * typed at a terminal (prompts on `output`, nothing echoed) or piped (one per line, CRLF or LF). A longer line is
 * refused as soon as it passes the bound, so a runaway pipe cannot fill memory. Answers null when the input ends
 * before every prompt has its line.
 */
export async function readSecretLines(
  input: SecretInput,
  prompts: string[],
  maxLength: number,
  output: NodeJS.WritableStream = process.stderr,
): Promise<string[] | null> {
  const terminal = input.isTTY === true && typeof input.setRawMode === "function";
  const lines: string[] = [];
  let current = "";
  if (terminal) {
    input.setRawMode?.(true);
    output.write(prompts[0] ?? "");
  }
  try {
    for await (const chunk of input) {
      for (const char of typeof chunk === "string" ? chunk : chunk.toString("utf8")) {
        if (terminal && char === "\u0003") throw new SecretInputError("cancelled");
        if (terminal && (char === "\u007f" || char === "\b")) {
          current = [...current].slice(0, -1).join("");
        } else if (char === "\n" || (terminal && char === "\r")) {
          lines.push(current.endsWith("\r") ? current.slice(0, -1) : current);
          current = "";
          if (terminal) output.write(`\n${prompts[lines.length] ?? ""}`);
          if (lines.length === prompts.length) return lines;
        } else {
          current += char;
          // One more than the bound: a piped line may still end in the \r of a CRLF.
          if (current.length > maxLength + 1) throw new SecretInputError(`a line is longer than ${maxLength} characters`);
        }
      }
    }
  } finally {
    if (terminal) input.setRawMode?.(false);
  }
  if (current !== "") lines.push(current.endsWith("\r") ? current.slice(0, -1) : current);
  return lines.length === prompts.length ? lines : null;
}
