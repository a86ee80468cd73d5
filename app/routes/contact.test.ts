import { beforeAll, describe, expect, it, vi } from "vitest";
import { type FakeAnswer, flashedToast, postForm } from "#app/testing/form-post.server.ts";
import { MSG } from "#contract/messages.ts";

// session.server.ts reads its secret at import time: give it one so no file is written.
vi.stubEnv("SESSION_SECRET", "contact-route-test-secret-0123456789");
let route: typeof import("./contact.tsx");
beforeAll(async () => {
  route = await import("./contact.tsx");
});

const post = (fields: Record<string, string>, answer: FakeAnswer) => postForm(route.action, "http://shop.test/contact", fields, answer);

const filled = {
  firstName: "Amira",
  lastName: "Khan",
  email: "Amira@Example.com",
  phone: "",
  orderNumber: "",
  subject: "",
  message: "Hello",
};
const sentOk = { status: 201, body: { success: true, data: { id: 1 }, message: MSG.contact.sent } };
const failed = (status: number, body: Record<string, unknown>) => ({ status, body: { success: false, data: null, ...body } });

/** The data of an in-place answer (`data(...)`), whatever its status. */
const replyOf = (result: unknown) =>
  (
    result as {
      data: {
        result: { status: string; error?: Record<string, string[]>; initialValue?: Record<string, unknown> };
        toast: { type: string; message: string } | null;
      };
    }
  ).data;

describe("/contact", () => {
  it("sends the message with the default subject, then redirects back here with the success toast", async () => {
    const { result, sent } = await post(filled, sentOk);
    expect(sent).toEqual([
      { firstName: "Amira", lastName: "Khan", email: "amira@example.com", subject: "General Inquiry", message: "Hello" },
    ]);
    const response = result as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/contact");
    expect(await flashedToast(response)).toMatchObject({ type: "success", message: MSG.contact.sent });
  });

  it("answers a form that does not pass in place, with what was typed and no call", async () => {
    const { result, sent } = await post({ ...filled, firstName: " ", phone: "call me" }, sentOk);
    expect(sent).toEqual([]);
    const reply = replyOf(result);
    expect(reply.result.error).toMatchObject({ firstName: [MSG.contact.firstNameRequired], phone: [MSG.contact.phoneInvalid] });
    expect(reply.result.initialValue).toMatchObject({ lastName: "Khan", message: "Hello", phone: "call me" });
    expect(reply.toast).toBeNull();
  });

  it.each([
    ["the network is down", "unreachable" as const, MSG.contact.failedLater],
    ["the server fails", failed(500, { message: "boom" }), MSG.helper.server],
    ["the server refuses with a message", failed(429, { message: MSG.api.tooManyRequests }), MSG.api.tooManyRequests],
    ["the server refuses without one", failed(400, {}), MSG.helper.validation],
  ])("keeps the form and shows an error toast when %s", async (_case, answer, message) => {
    const { result } = await post(filled, answer);
    const reply = replyOf(result);
    expect(reply.toast).toMatchObject({ type: "error", message });
    expect(reply.result.initialValue).toMatchObject({ firstName: "Amira", message: "Hello" });
  });

  it("answers the API's 429 with its Retry-After", async () => {
    const { result } = await post(filled, failed(429, { message: MSG.api.tooManyRequests, retryAfterSeconds: 42 }));
    const { init } = result as { init: ResponseInit };
    expect(init.status).toBe(429);
    expect(new Headers(init.headers).get("retry-after")).toBe("42");
  });

  it("puts the API's validation details on their fields", async () => {
    const details = [{ path: "message", message: MSG.contact.messageRequired }];
    const { result } = await post(
      filled,
      failed(400, { message: details[0]?.message, error: { code: "VALIDATION_ERROR", message: "x", details } }),
    );
    const reply = replyOf(result);
    expect(reply.result.error).toMatchObject({ message: [MSG.contact.messageRequired] });
    expect(reply.toast).toMatchObject({ type: "error", message: MSG.contact.failed });
  });
});
