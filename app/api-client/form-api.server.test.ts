import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MSG } from "#contract/messages.ts";
import { fakeTransport } from "../testing/fake-transport.server.ts";
import { createApiClient } from "./api.server.ts";
import type { ApiCall } from "./api-call.ts";
import { callForForm, failureReply } from "./form-api.server.ts";

const clientAnswering = (status: number, body: unknown) =>
  createApiClient({ transport: fakeTransport(() => Response.json(body, { status })) });

const failed = (code: string, message: string, extra: Record<string, unknown> = {}) => ({
  success: false,
  data: null,
  message,
  ...extra,
  error: { code, message, ...(extra.details ? { details: extra.details } : {}) },
});

const call: ApiCall = {
  send: (api) => api.public.auth.signup.$post({ json: { name: "A", email: "a@example.com", password: "pw", confirmPassword: "pw" } }),
  schema: z.object({ id: z.number() }),
};
const FIELDS = ["name", "email", "password", "confirmPassword"];

describe("callForForm", () => {
  it("passes a success through", async () => {
    const outcome = await callForForm(
      clientAnswering(201, { success: true, data: { id: 1 }, message: "Created" }),
      call,
      FIELDS,
      "fallback",
    );
    expect(outcome).toEqual({ ok: true, data: { id: 1 }, message: "Created" });
  });

  it("maps a VALIDATION_ERROR's details onto the form's fields", async () => {
    const details = [
      { path: "email", message: "Please enter a valid email address" },
      { path: "password", message: "Password must be at least 8 characters" },
      { path: "password", message: "Too common" },
    ];
    const outcome = await callForForm(
      clientAnswering(400, failed("VALIDATION_ERROR", "Validation failed", { details })),
      call,
      FIELDS,
      "fallback",
    );
    expect(outcome).toMatchObject({
      ok: false,
      status: 400,
      formError: null,
      fieldErrors: { email: [details[0]?.message], password: [details[1]?.message, details[2]?.message] },
    });
  });

  it("keeps details on fields the form does not have as a form error", async () => {
    const details = [{ path: "token", message: "Bad token" }];
    const outcome = await callForForm(
      clientAnswering(400, failed("VALIDATION_ERROR", "Validation failed", { details })),
      call,
      FIELDS,
      "fallback",
    );
    expect(outcome).toMatchObject({ ok: false, formError: "Bad token", fieldErrors: {} });
  });

  it("puts a 409 on the e-mail field when the API names it", async () => {
    const details = [{ path: "email", message: MSG.accounts.emailTaken }];
    const outcome = await callForForm(
      clientAnswering(409, failed("CONFLICT", MSG.accounts.emailTaken, { details })),
      call,
      FIELDS,
      "fallback",
    );
    expect(outcome).toMatchObject({ ok: false, status: 409, formError: null, fieldErrors: { email: [MSG.accounts.emailTaken] } });
  });

  it("shows the server's message for a mapped failure, and keeps the body of a rethrown one", async () => {
    const invalid = await callForForm(
      clientAnswering(400, failed("BAD_REQUEST", MSG.otp.invalid)),
      call,
      ["otp"],
      MSG.otp.verificationFailed,
    );
    expect(invalid).toMatchObject({ ok: false, status: 400, formError: MSG.otp.invalid });
    const unverified = failed("UNAUTHORIZED", MSG.auth.verifyToContinue, { needsVerification: true, email: "a@example.com" });
    const outcome = await callForForm(clientAnswering(401, unverified), call, FIELDS, "fallback");
    expect(outcome).toMatchObject({ ok: false, status: 401, body: { needsVerification: true, email: "a@example.com" } });
  });

  it("uses the fallback when the failure carries no message", async () => {
    const outcome = await callForForm(clientAnswering(404, { success: false }), call, FIELDS, MSG.addresses.deleteFailed);
    expect(outcome).toMatchObject({ ok: false, status: 404, formError: MSG.addresses.deleteFailed });
  });
});

describe("failureReply", () => {
  it("builds Conform reply options, hiding the secret fields", () => {
    const outcome = { ok: false as const, status: 400, fieldErrors: { email: ["x"] }, formError: "y", body: {} };
    expect(failureReply(outcome, ["password"])).toEqual({ formErrors: ["y"], fieldErrors: { email: ["x"] }, hideFields: ["password"] });
    expect(failureReply({ ...outcome, formError: null }).formErrors).toBeUndefined();
  });
});
