import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on loopback for the e2e shop: the server under test sends its mail to it
 * (SMTP_URL), and every message is kept as a JSON file (envelope recipients and the raw MIME) in a
 * folder the test workers read, since they run in other processes than the global setup.
 */
export interface StoredMail {
  to: string[];
  raw: string;
  receivedAt: number;
}

export async function startSmtpInbox(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  const server = new SMTPServer({
    // Loopback only, and no STARTTLS/AUTH: the shop's transport then sends plainly without a certificate.
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const mail: StoredMail = {
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString("utf8"),
          receivedAt: Date.now(),
        };
        // Written aside, then renamed: a reader polling the folder never sees a half-written message.
        const file = join(dir, `${mail.receivedAt}-${randomUUID()}.json`);
        writeFileSync(`${file}.partial`, JSON.stringify(mail));
        renameSync(`${file}.partial`, file);
        callback();
      });
    },
  });
  server.listen(0, "127.0.0.1");
  await once(server.server, "listening");
  const address = server.server.address();
  if (!address || typeof address === "string") throw new Error("SMTP inbox has no port");
  return {
    url: `smtp://127.0.0.1:${address.port}?ignoreTLS=true`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/** The messages to `to`, oldest first. */
export function mailTo(dir: string, to: string): StoredMail[] {
  const wanted = to.toLowerCase();
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => JSON.parse(readFileSync(join(dir, name), "utf8")) as StoredMail)
    .filter((mail) => mail.to.includes(wanted))
    .sort((a, b) => a.receivedAt - b.receivedAt);
}

/** The text/plain part of a raw message (UTF-8), decoded when quoted-printable. */
export function plainText(raw: string): string {
  const start = raw.search(/^Content-Type: text\/plain/im);
  if (start < 0) throw new Error("message has no text/plain part");
  const part = raw.slice(start);
  const headerEnd = part.search(/\r?\n\r?\n/);
  const headers = part.slice(0, headerEnd);
  const boundary = part.slice(headerEnd).search(/\r?\n--/);
  const body = boundary < 0 ? part.slice(headerEnd) : part.slice(headerEnd, headerEnd + boundary);
  if (!/Content-Transfer-Encoding: quoted-printable/i.test(headers)) return body;
  // Each =XX is one byte of the UTF-8 text: gathered as bytes first, so "£" (=C2=A3) reads as one character.
  const bytes = body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** The one-time code of a code e-mail: the line that holds only its 6 digits. */
export function codeIn(mail: StoredMail): string {
  const match = /^\s*(\d{6})\s*$/m.exec(plainText(mail.raw));
  if (!match?.[1]) throw new Error("no 6-digit code in the message's text part");
  return match[1];
}
