import { describe, expect, it } from "vitest";
import { z } from "zod";
import { FORM_LIMITS, parseForm, readForm, readUploadForm } from "./form-data.server.ts";

const FORM = "application/x-www-form-urlencoded";
const post = (body: BodyInit, contentType: string | null = FORM) =>
  new Request("http://shop.test/signin", {
    method: "POST",
    body,
    headers: contentType ? { "content-type": contentType } : {},
    duplex: "half",
  } as RequestInit);

/** The status a refusal (a thrown `data(...)`) carries. */
async function refusalOf(promise: Promise<unknown>) {
  const thrown = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  return (thrown as { init?: ResponseInit } | null)?.init?.status;
}

describe("readForm", () => {
  it("reads a form post", async () => {
    const form = await readForm(post("email=a%40b.co&redirectTo=%2Fcart&x%5B3%5D=1"));
    expect([...form]).toEqual([
      ["email", "a@b.co"],
      ["redirectTo", "/cart"],
      ["x[3]", "1"],
    ]);
  });

  it.each([
    ["a sparse index", "x%5B99999999%5D=1"],
    ["an index past the bound", `x%5B${FORM_LIMITS.index + 1}%5D=1`],
    ["an empty index", "x%5B%5D=1"],
    ["deep nesting", `x${"%5Ba%5D".repeat(FORM_LIMITS.nameDepth + 1)}=1`],
    ["a long name", `${"n".repeat(FORM_LIMITS.nameLength + 1)}=1`],
    ["an empty name", "=1"],
    ["too many fields", Array.from({ length: FORM_LIMITS.fields + 1 }, (_, n) => `f${n}=1`).join("&")],
  ])("refuses %s with a 400", async (_case, body) => {
    expect(await refusalOf(readForm(post(body)))).toBe(400);
  });

  it.each([
    ["JSON", "application/json"],
    ["multipart", "multipart/form-data; boundary=x"],
    ["no content type", null],
  ])("refuses a body sent as %s with a 400", async (_case, contentType) => {
    expect(await refusalOf(readForm(post('{"intent":"clear"}', contentType)))).toBe(400);
  });

  it("refuses a body past the size limit with a 413, even without a Content-Length", async () => {
    const chunk = new TextEncoder().encode(`a=${"x".repeat(16 * 1024)}&`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    expect(await refusalOf(readForm(post(stream)))).toBe(413);
    // It read on past the limit (its sender then sees the 413), but not the whole endless stream.
    expect(sent).toBeGreaterThan((FORM_LIMITS.bodyBytes + FORM_LIMITS.droppedBytes) / chunk.byteLength);
    expect(sent).toBeLessThan((FORM_LIMITS.bodyBytes + FORM_LIMITS.droppedBytes) / chunk.byteLength + 3);
  });

  it("keeps malformed percent-encoding and null bytes as text", async () => {
    const form = await readForm(post("email=%E0%A4%A&message=a%00b"));
    expect(form.get("email")).toBe("\uFFFD%A");
    expect(form.get("message")).toBe("a\u0000b");
  });
});

describe("readUploadForm", () => {
  const upload = (content: string) => {
    const form = new FormData();
    form.append("file", new File([content], "products.json", { type: "application/json" }));
    return new Request("http://shop.test/admin/products", { method: "POST", body: form });
  };

  it("reads a file upload", async () => {
    const file = (await readUploadForm(upload('{"products":[]}'))).get("file");
    expect(file).toBeInstanceOf(File);
    expect(await (file as File).text()).toBe('{"products":[]}');
  });

  it("refuses an upload past the size limit with a 413", async () => {
    expect(await refusalOf(readUploadForm(upload("x".repeat(FORM_LIMITS.bodyBytes + 1))))).toBe(413);
  });

  it("refuses a plain form and a body that is not the multipart form it claims, with a 400", async () => {
    expect(await refusalOf(readUploadForm(post("file=x")))).toBe(400);
    expect(await refusalOf(readUploadForm(post("not multipart", "multipart/form-data; boundary=x")))).toBe(400);
  });
});

describe("parseForm", () => {
  const schema = z.object({ email: z.email("bad"), note: z.string().optional() });

  it("parses and echoes only the schema's own fields", () => {
    const form = new FormData();
    form.append("email", "nope");
    form.append("x[5]", "echoed?");
    form.append("__state__", "{");
    form.append("__intent__", "x");
    const submission = parseForm(form, schema);
    expect(submission.status).toBe("error");
    expect(submission.reply().initialValue).toEqual({ email: "nope" });
  });
});
