import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { shopperIssueText } from "#contract/schemas/issue-texts.ts";

/**
 * What one storefront form post may hold. The largest real form (an address, the contact message) stays far
 * below these; a post beyond them is refused before anything is parsed into objects.
 */
export const FORM_LIMITS = {
  /** Bytes of an encoded body, the API's own limit. */
  bodyBytes: 64 * 1024,
  /**
   * Bytes past `bodyBytes` still read (and dropped) from a body without a Content-Length, so that its sender sees
   * the 413 instead of a reset; beyond them the connection is given up.
   */
  droppedBytes: 4 * 1024 * 1024,
  /** The largest form is the return form: three fields for each line of the largest order (CART_MAX_LINES), and a reason. */
  fields: 128,
  nameLength: 64,
  /** `a.b[0]` is depth 2: the app's names are flat, Conform's nesting stays shallow. */
  nameDepth: 3,
  /** Largest `[N]` in a name: a sparse `x[99999999]` would otherwise become an array that long. */
  index: 99,
} as const;

const FORM_CONTENT_TYPE = "application/x-www-form-urlencoded";
const UPLOAD_CONTENT_TYPE = "multipart/form-data";

/** The pages whose form uploads a file (`multipart/form-data`, read by `readUploadForm`); every other post is a plain form. */
export const UPLOAD_PAGES: ReadonlySet<string> = new Set(["/admin/products"]);

/** A refusal rendered by the error boundary; the status text says why in the request log. */
export const refuse = (status: 400 | 403 | 405 | 413, statusText: string) => data(null, { status, statusText });

const mediaType = (contentType: string | null | undefined) => contentType?.split(";")[0]?.trim().toLowerCase();

export function isFormContentType(contentType: string | null | undefined): boolean {
  return mediaType(contentType) === FORM_CONTENT_TYPE;
}

export function isUploadContentType(contentType: string | null | undefined): boolean {
  return mediaType(contentType) === UPLOAD_CONTENT_TYPE;
}

/**
 * The body of a storefront form post, read within FORM_LIMITS: 413 past the size, 400 for another content
 * type or a field list or name beyond the bounds. Every action reads its form through this.
 */
export async function readForm(request: Request): Promise<FormData> {
  if (!isFormContentType(request.headers.get("content-type"))) throw refuse(400, "Not a form post");
  const fields = new URLSearchParams((await readBody(request)).toString("utf8"));
  const formData = new FormData();
  let count = 0;
  for (const [name, value] of fields) {
    if (++count > FORM_LIMITS.fields) throw refuse(400, "Too many form fields");
    if (!isBoundedName(name)) throw refuse(400, "Malformed form field name");
    formData.append(name, value);
  }
  return formData;
}

/**
 * A file upload's form (`multipart/form-data`) read within FORM_LIMITS.bodyBytes, as readForm reads a form: 413 past
 * the size, 400 for another content type or a body that is not a multipart form.
 */
export async function readUploadForm(request: Request): Promise<FormData> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!isUploadContentType(contentType)) throw refuse(400, "Not a file upload");
  const body = await readBody(request);
  try {
    return await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw refuse(400, "Malformed file upload");
  }
}

/**
 * The body's bytes, or 413 past FORM_LIMITS.bodyBytes. A body without a Content-Length (chunked) is only found too
 * large while it arrives: the rest is read and dropped before the 413 (up to FORM_LIMITS.droppedBytes), as
 * cancelling the stream resets the connection under a client still sending, which then never sees the answer.
 */
async function readBody(request: Request): Promise<Buffer> {
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    size += next.value.byteLength;
    if (size <= FORM_LIMITS.bodyBytes) chunks.push(next.value);
    else if (size > FORM_LIMITS.bodyBytes + FORM_LIMITS.droppedBytes) {
      await reader.cancel();
      break;
    }
  }
  if (size > FORM_LIMITS.bodyBytes) throw refuse(413, "Form too large");
  return Buffer.concat(chunks);
}

function isBoundedName(name: string): boolean {
  if (name.length === 0 || name.length > FORM_LIMITS.nameLength) return false;
  if (name.split(/[.[]/).length - 1 > FORM_LIMITS.nameDepth) return false;
  for (const [, index] of name.matchAll(/\[(\d*)\]/g)) {
    if (index === "" || Number(index) > FORM_LIMITS.index) return false;
  }
  return true;
}

/**
 * Conform's parse of the schema's own fields only: a failed submission's reply echoes the payload back into
 * the page, so anything else a client adds (Conform's reserved `__state__`/`__intent__` included) is left out.
 * Its errors are shown on the form, so a rule without a text of its own gets the catalogue's (`shopperIssueText`).
 */
export function parseForm<Schema extends z.ZodObject>(formData: FormData, schema: Schema) {
  const known = new FormData();
  for (const [name, value] of formData) {
    if (Object.hasOwn(schema.shape, name)) known.append(name, value);
  }
  return parseWithZod(known, { schema, error: shopperIssueText });
}
