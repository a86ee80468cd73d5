import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PUBLIC_FORM_LIMITS } from "#api/security/rate-limit.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { API_HEADERS, CONTACT_MAX, NAME_MAX } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import { SHOP } from "#contract/shop.ts";

let api: FreshApi;
beforeEach(async () => {
  api = await freshApi();
});
afterEach(() => api.close());

const message = {
  firstName: " Amira ",
  lastName: "Khan",
  email: "Amira@Example.com",
  phone: "+44 7700 900123",
  orderNumber: "ORD-1042",
  subject: "Product Exchange",
  message: "Could I exchange the sage abaya for a size M?\nThank you.",
};

const send = (body: unknown, clientIp = "203.0.113.30") => api.call("POST", "/public/contact", { body, clientIp });
const rows = () => api.db.kysely.selectFrom("contact_messages").selectAll().execute();
const detailsOf = (body: { error?: { details?: { path: string; message: string }[] } }) =>
  Object.fromEntries((body.error?.details ?? []).map((detail) => [detail.path, detail.message]));

describe("POST /public/contact", () => {
  it("stores the message and forwards it to the shop's inbox", async () => {
    const { status, body } = await send(message);
    expect(status).toBe(201);
    expect(body).toMatchObject({ success: true, message: MSG.contact.sent, data: { id: expect.any(Number) } });
    expect(await rows()).toEqual([
      {
        id: body.data.id,
        first_name: "Amira",
        last_name: "Khan",
        email: "amira@example.com",
        phone: "+44 7700 900123",
        order_number: "ORD-1042",
        subject: "Product Exchange",
        message: message.message,
        created_at: api.clock.now().toISOString(),
        // Not handled yet: the back office marks it.
        handled_at: null,
        handled_by: null,
      },
    ]);
    await expect.poll(() => api.mailer.sent.length).toBe(1);
    const [mail] = api.mailer.sent;
    expect(mail).toMatchObject({ template: "contactMessage", to: SHOP.email });
    expect(mail?.mail.subject).toBe("[Contact] Product Exchange: Amira Khan");
    expect(mail?.mail.text).toContain("From: Amira Khan <amira@example.com>");
    expect(mail?.mail.text).toContain("Order number: ORD-1042");
    expect(mail?.mail.text).toContain(message.message);
  });

  it("defaults the subject and keeps blank optional fields empty", async () => {
    const { status } = await send({ ...message, phone: "  ", orderNumber: "", subject: undefined });
    expect(status).toBe(201);
    expect(await rows()).toMatchObject([{ phone: null, order_number: null, subject: "General Inquiry" }]);
    await expect.poll(() => api.mailer.sent.length).toBe(1);
    expect(api.mailer.sent[0]?.mail.text).not.toContain("Phone:");
  });

  it("escapes the message in the HTML part", async () => {
    await send({ ...message, message: "<script>alert(1)</script>" });
    await expect.poll(() => api.mailer.sent.length).toBe(1);
    expect(api.mailer.sent[0]?.mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(api.mailer.sent[0]?.mail.html).not.toContain("<script>");
  });

  it("names every missing required field", async () => {
    const { status, body } = await send({ firstName: "", email: "nope", phone: "call me", subject: "Complaint" });
    expect(status).toBe(400);
    expect(body.error.code).toBe("VALIDATION_ERROR");
    expect(detailsOf(body)).toEqual({
      firstName: MSG.contact.firstNameRequired,
      lastName: MSG.contact.lastNameRequired,
      email: MSG.auth.invalidEmail,
      phone: MSG.contact.phoneInvalid,
      subject: MSG.contact.subjectInvalid,
      message: MSG.contact.messageRequired,
    });
    expect(await rows()).toHaveLength(0);
  });

  it("refuses values over their length limits", async () => {
    const { status, body } = await send({
      ...message,
      lastName: "K".repeat(NAME_MAX + 1),
      orderNumber: "1".repeat(CONTACT_MAX.orderNumber + 1),
      message: "m".repeat(CONTACT_MAX.message + 1),
    });
    expect(status).toBe(400);
    expect(detailsOf(body)).toEqual({
      lastName: MSG.accounts.fieldTooLong(NAME_MAX),
      orderNumber: MSG.accounts.fieldTooLong(CONTACT_MAX.orderNumber),
      message: MSG.accounts.fieldTooLong(CONTACT_MAX.message),
    });
  });

  it("limits messages per client address", async () => {
    for (let n = 0; n < PUBLIC_FORM_LIMITS.contact.hits; n++) expect((await send(message)).status).toBe(201);
    const blocked = await send(message);
    expect(blocked).toMatchObject({ status: 429, body: { message: MSG.api.tooManyRequests, error: { code: "TOO_MANY_REQUESTS" } } });
    // The same refusal seen as a raw response: the wait is in the Retry-After header too.
    const raw = await api.app.request(
      "/api/public/contact",
      {
        method: "POST",
        headers: { "content-type": "application/json", [API_HEADERS.clientIp]: "203.0.113.30" },
        body: JSON.stringify(message),
      },
      { inProcess: true },
    );
    expect(raw.status).toBe(429);
    expect(Number(raw.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await send(message, "198.51.100.40")).status).toBe(201);
    expect(await rows()).toHaveLength(PUBLIC_FORM_LIMITS.contact.hits + 1);
  });
});
