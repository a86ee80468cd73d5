import { describe, expect, it, vi } from "vitest";
import { createCoalescingStream } from "./coalescing-stream.server.ts";

describe("createCoalescingStream", () => {
  it("passes the writes on as one chunk at each flush, and what is left at the end", async () => {
    const onFinish = vi.fn();
    const stream = createCoalescingStream(onFinish);
    const chunks: string[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
    const ended = new Promise((resolve) => stream.on("end", resolve));

    stream.write("<html>");
    stream.write("<body>");
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toEqual([]);
    stream.flush();
    expect(chunks).toEqual(["<html><body>"]);

    stream.flush();
    stream.write("</body>");
    stream.end("</html>");
    await ended;

    expect(chunks).toEqual(["<html><body>", "</body></html>"]);
    expect(onFinish).toHaveBeenCalledOnce();
  });
});
