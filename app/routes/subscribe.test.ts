import { beforeAll, describe, expect, it, vi } from "vitest";
import { type FakeAnswer, flashedToast, postForm } from "#app/testing/form-post.server.ts";
import { MSG } from "#contract/messages.ts";

// session.server.ts reads its secret at import time: give it one so no file is written.
vi.stubEnv("SESSION_SECRET", "subscribe-route-test-secret-0123456789");
let route: typeof import("./subscribe.tsx");
beforeAll(async () => {
  route = await import("./subscribe.tsx");
});

const post = (fields: Record<string, string>, answer: FakeAnswer) => postForm(route.action, "http://shop.test/subscribe", fields, answer);

const subscribed = { status: 201, body: { success: true, data: { email: "a@example.com" }, message: MSG.subscribe.subscribed } };

describe("/subscribe", () => {
  it("without JavaScript, signs up the trimmed address and returns to the page with the server's message", async () => {
    const { result, sent } = await post({ email: " A@Example.com ", redirectTo: "/?page=2" }, subscribed);
    const response = result as Response;
    expect(sent).toEqual([{ email: "a@example.com" }]);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/?page=2");
    expect(await flashedToast(response)).toMatchObject({ type: "success", message: MSG.subscribe.subscribed });
  });

  it("with JavaScript, answers the toast in place", async () => {
    const { result } = await post({ email: "a@example.com", redirectTo: "/", enhanced: "1" }, subscribed);
    expect(result).toMatchObject({ ok: true, toast: { type: "success", message: MSG.subscribe.subscribed } });
  });

  it.each([
    ["", MSG.subscribe.emailRequired],
    ["not-an-email", MSG.subscribe.invalidEmail],
  ])("refuses %j with its validation text, without calling the API", async (email, message) => {
    const { result, sent } = await post({ email, redirectTo: "/", enhanced: "1" }, subscribed);
    expect(sent).toEqual([]);
    expect(result).toMatchObject({ ok: false, toast: { type: "error", message } });
    expect((result as { toast: object }).toast).not.toHaveProperty("title");
  });

  it.each([
    [{ status: 500, body: { success: false, data: null, message: "boom" } }, MSG.subscribe.failedLater],
    ["unreachable" as const, MSG.subscribe.failedLater],
    [{ status: 429, body: { success: false, data: null, message: MSG.api.tooManyRequests } }, MSG.api.tooManyRequests],
  ])("reports a failed call (%j) as an error toast", async (answer, message) => {
    const { result } = await post({ email: "a@example.com", redirectTo: "/", enhanced: "1" }, answer);
    expect(result).toMatchObject({ ok: false, toast: { type: "error", title: MSG.subscribe.failed, message } });
  });

  it("without JavaScript, a failed subscription flashes its title with the reason", async () => {
    const { result } = await post({ email: "a@example.com", redirectTo: "/" }, "unreachable");
    expect(await flashedToast(result as Response)).toMatchObject({
      type: "error",
      title: MSG.subscribe.failed,
      message: MSG.subscribe.failedLater,
    });
  });

  it.each(["https://evil.example/", "//evil.example", ""])("returns home instead of to %j", async (redirectTo) => {
    const { result } = await post({ email: "a@example.com", redirectTo }, subscribed);
    expect((result as Response).headers.get("location")).toBe("/");
  });

  it("refuses a filled honeypot", async () => {
    const { honeypotLoaderData } = await import("#app/forms/honeypot.server.ts");
    const trap = honeypotLoaderData.honeypot;
    await expect(post({ email: "a@example.com", [trap.nameFieldName]: "bot" }, subscribed)).rejects.toMatchObject({
      init: { status: 400 },
    });
  });

  it("sends a GET home", () => {
    expect(route.loader().headers.get("location")).toBe("/");
  });
});
