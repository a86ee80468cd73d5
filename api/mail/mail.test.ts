import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import getPort from "get-port";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { readBackendConfig } from "#api/config.ts";
import { createLogger, emailDigest } from "#api/core/logging.ts";
import { freshApi, TEST_SHOP_URL as shopUrl } from "#api/testing/harness.ts";
import { MSG } from "#contract/messages.ts";
import { SHOP } from "#contract/shop.ts";
import { createMailer, mailerConfig, sendInBackground, smtpMailer } from "./mailer.ts";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/** The 6-digit code on its own indented line of the plain text part. */
const codeIn = (raw: string) => /^ {4}(\d{6})\s*$/m.exec(raw)?.[1];

/** A real SMTP server on a free loopback port; `nextMessage()` resolves with the next raw message received. */
async function startSmtpServer() {
  const waiting: ((message: { to: string[]; raw: string }) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        waiting.shift()?.({ to, raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  const port = await getPort({ host: "127.0.0.1" });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    nextMessage: () => new Promise<{ to: string[]; raw: string }>((resolve) => waiting.push(resolve)),
  };
}

describe("SMTP delivery", () => {
  it("signs up, reads the code from the received message and verifies the e-mail", async () => {
    const smtp = await startSmtpServer();
    const api = await freshApi({ mailer: smtpMailer(smtp.url, `"${SHOP.name}" <${SHOP.email}>`) });
    cleanups.push(api.close);

    const received = smtp.nextMessage();
    const signup = await api.call("POST", "/public/auth/signup", {
      body: { name: "Amira Khan", email: "amira@example.com", password: "secret-pass-1", confirmPassword: "secret-pass-1" },
    });
    expect(signup.status).toBe(201);
    const message = await received;
    expect(message.to).toEqual(["amira@example.com"]);
    expect(message.raw).toContain(`Subject: Your ${SHOP.name} verification code`);
    expect(message.raw).toContain("Content-Type: text/plain");
    expect(message.raw).toContain("Content-Type: text/html");

    const otp = codeIn(message.raw);
    expect(otp).toMatch(/^\d{6}$/);
    const verified = await api.call("POST", "/public/otp/verify", { body: { email: "amira@example.com", otp } });
    expect(verified).toMatchObject({ status: 200, body: { success: true, message: MSG.otp.emailVerifiedToast } });
    const login = await api.call("POST", "/public/auth/login", { body: { email: "amira@example.com", password: "secret-pass-1" } });
    expect(login.body.data.user.email_verified).toBe(true);
  });

  it("mails the reset code through forgot-password", async () => {
    const smtp = await startSmtpServer();
    const api = await freshApi({ mailer: smtpMailer(smtp.url, SHOP.email) });
    cleanups.push(api.close);
    const signupMail = smtp.nextMessage();
    await api.call("POST", "/public/auth/signup", {
      body: { name: "Amira Khan", email: "amira@example.com", password: "secret-pass-1", confirmPassword: "secret-pass-1" },
    });
    await signupMail;

    const resetMail = smtp.nextMessage();
    expect((await api.call("POST", "/public/auth/forgot-password", { body: { email: "amira@example.com" } })).status).toBe(200);
    const message = await resetMail;
    expect(message.raw).toContain(`Subject: Your ${SHOP.name} password reset code`);
    const reset = await api.call("POST", "/public/auth/reset-password", {
      body: { email: "amira@example.com", otp: codeIn(message.raw), newPassword: "brand-new" },
    });
    expect(reset.status).toBe(200);
  });
});

describe("local outbox", () => {
  async function outboxWithLog(env: NodeJS.ProcessEnv) {
    const dir = await mkdtemp(join(tmpdir(), "outbox-"));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const lines: string[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => lines.push(line) });
    const mailer = createMailer(mailerConfig(readBackendConfig({ ...env, OUTBOX_DIR: join(dir, "outbox") })), logger);
    return { dir: join(dir, "outbox"), lines, mailer };
  }

  it("writes one .eml file per message; in development the log names the code, never the address", async () => {
    const outbox = await outboxWithLog({ NODE_ENV: "development" });
    await outbox.mailer.send("verificationCode", "amira@example.com", { shopUrl, name: "Amira <Khan>", code: "493817" });
    await outbox.mailer.send("passwordChanged", "amira@example.com", { shopUrl, name: "Amira" });

    const files = (await readdir(outbox.dir)).sort();
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith(".eml"))).toBe(true);
    const raw = await readFile(join(outbox.dir, files.find((file) => file.includes("verificationCode")) as string), "utf8");
    expect(raw).toContain("To: amira@example.com");
    expect(codeIn(raw)).toBe("493817");
    expect(raw).toContain("Amira &lt;Khan&gt;");

    const logged = outbox.lines.map((line) => JSON.parse(line));
    expect(logged[0]).toMatchObject({
      level: 30,
      to: emailDigest("amira@example.com"),
      template: "verificationCode",
      preview: "verification code 493817",
    });
    expect(logged[0].msg).toContain("493817");
    expect(outbox.lines.join("")).not.toContain("amira@");
  });

  it.each([{ NODE_ENV: "production" }, {}])("in production (%j) logs that a message went to the outbox, never its code", async (env) => {
    const outbox = await outboxWithLog(env);
    await outbox.mailer.send("resetCode", "amira@example.com", { shopUrl, name: "Amira", code: "493817" });
    expect(await readdir(outbox.dir)).toHaveLength(1);
    expect(outbox.lines).toHaveLength(1);
    expect(JSON.parse(outbox.lines[0])).toMatchObject({ level: 30, msg: "mail written to the outbox", template: "resetCode" });
    expect(outbox.lines[0]).not.toContain("493817");
    expect(outbox.lines[0]).not.toContain("amira@");
  });
});

describe("mail in the shop's log", () => {
  it("names a recipient the SMTP server refused by digest only", async () => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["AUTH", "STARTTLS"],
      logger: false,
      onRcptTo: (address, _session, callback) => callback(new Error(`550 No mailbox for <${address.address}>`)),
    });
    const port = await getPort({ host: "127.0.0.1" });
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const lines: string[] = [];
    const logged = new Promise<void>((resolve) => {
      const logger = createLogger("info", {
        write: (line: string) => {
          lines.push(line);
          resolve();
        },
      });
      const mailer = smtpMailer(`smtp://127.0.0.1:${port}/?ignoreTLS=true`, SHOP.email);
      sendInBackground({ mailer, logger, shopUrl }, "passwordChanged", "Amira.Khan+shop@Example.com", { name: "Amira" });
    });
    await logged;
    expect(JSON.parse(lines[0])).toMatchObject({ level: 50, msg: "mail delivery failed", to: emailDigest("amira.khan+shop@example.com") });
    expect(lines[0]).toContain("No mailbox for");
    expect(lines[0].toLowerCase()).not.toContain("amira.khan");
  });
});
