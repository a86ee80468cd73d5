import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { BackendConfig } from "#api/config.ts";
import { emailDigest } from "#api/core/logging.ts";
import { type MailData, type RenderedMail, renderMail, type TemplateData, type TemplateName } from "./templates.ts";
import { SEND_DEADLINE_MS, SMTP_TIMEOUTS_MS } from "./timing.ts";

/** Sends the shop's e-mails by template name; resolves once the message is handed over. */
export interface Mailer {
  send<Name extends TemplateName>(template: Name, to: string, data: TemplateData<Name>): Promise<void>;
}

export interface MailerConfig {
  /** `smtp://` or `smtps://` URL; nodemailer options may ride in the query (`?ignoreTLS=true`). */
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  /** Log what an outbox message says (its code): a convenience for development, never in production. */
  logContents: boolean;
}

export const mailerConfig = (config: BackendConfig): MailerConfig => ({
  smtpUrl: config.SMTP_URL,
  from: config.MAIL_FROM,
  outboxDir: config.OUTBOX_DIR,
  logContents: config.NODE_ENV !== "production",
});

/** SMTP when a URL is configured; otherwise a local outbox folder, so a fresh checkout runs with no mail server. */
export function createMailer(config: MailerConfig, logger: Logger): Mailer {
  return config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.from)
    : outboxMailer(config.outboxDir, config.from, logger, { logContents: config.logContents });
}

const message = (from: string, to: string, mail: RenderedMail) => ({
  from,
  to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  headers: mail.headers,
});

/** How long an SMTP send may wait at each step, and in all. */
export interface SmtpLimits {
  timeouts: Record<keyof typeof SMTP_TIMEOUTS_MS, number>;
  deadlineMs: number;
}

/** Sends by SMTP; the URL's query may set other nodemailer options, and a send that outlasts `deadlineMs` is aborted. */
export function smtpMailer(
  url: string,
  from: string,
  limits: SmtpLimits = { timeouts: SMTP_TIMEOUTS_MS, deadlineMs: SEND_DEADLINE_MS },
): Mailer {
  const transport = nodemailer.createTransport({ url, ...limits.timeouts });
  return {
    async send(template, to, data) {
      await transport.sendMail({ ...message(from, to, renderMail(template, data)), signal: AbortSignal.timeout(limits.deadlineMs) });
    },
  };
}

/**
 * Writes each message as an .eml file and logs where it went. Only with `logContents` does the line
 * carry the template's preview (the code): in production, whoever reads the log must not read codes.
 * The recipient is logged as a digest.
 */
function outboxMailer(dir: string, from: string, logger: Logger, options: { logContents: boolean }): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(template, to, data) {
      const mail = renderMail(template, data);
      const info = await transport.sendMail(message(from, to, mail));
      await mkdir(dir, { recursive: true });
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${template}-${randomBytes(4).toString("hex")}.eml`);
      await writeFile(file, info.message as Buffer);
      const entry = { to: emailDigest(to), template, file };
      if (options.logContents) logger.info({ ...entry, preview: mail.preview }, `mail written to the outbox: ${mail.preview}`);
      else logger.info(entry, "mail written to the outbox");
    },
  };
}

export interface SentMail {
  template: TemplateName;
  to: string;
  data: Record<string, unknown>;
  mail: RenderedMail;
}

/** Keeps messages in memory: the test harness default, so tests read codes without a mail server. */
export function memoryMailer() {
  const sent: SentMail[] = [];
  const mailer: Mailer & { sent: SentMail[]; lastCode(to: string, template?: TemplateName): string | undefined } = {
    sent,
    async send(template, to, data) {
      sent.push({ template, to, data, mail: renderMail(template, data) });
    },
    lastCode(to, template) {
      const match = sent.findLast((entry) => entry.to === to && (!template || entry.template === template) && "code" in entry.data);
      return match?.data.code as string | undefined;
    },
  };
  return mailer;
}

export type MemoryMailer = ReturnType<typeof memoryMailer>;

/**
 * Hands a message to the mailer without holding up the HTTP answer: answer time then does not
 * depend on whether an account exists or how slow the mail server is. Failures are logged;
 * the user can ask for the code again. The shop's origin (`shopUrl`, for the layout's wordmark) is added here, as the
 * outbox's sender adds it to the mail it sends. For account codes and notices only, which are worth nothing late;
 * mail a change promises goes through the durable outbox (`enqueueMail`, api/mail/outbox.ts).
 */
export function sendInBackground<Name extends TemplateName>(
  deps: { mailer: Mailer; logger: Logger; shopUrl: string },
  template: Name,
  to: string,
  data: MailData<Name>,
) {
  deps.mailer.send(template, to, { ...data, shopUrl: deps.shopUrl } as TemplateData<Name>).catch((error: unknown) => {
    deps.logger.error({ err: error, template, to: emailDigest(to) }, "mail delivery failed");
  });
}
