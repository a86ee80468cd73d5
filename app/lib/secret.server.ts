import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * SESSION_SECRET when set; otherwise a random secret generated once and kept in the data folder,
 * so sessions survive restarts of a single instance. Several instances must share an explicit secret.
 */
export function resolveSessionSecret(configured: string | undefined, dataDir: string, warn: (message: string) => void): string {
  if (configured) return configured;
  const file = join(dataDir, "session-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    const secret = randomBytes(32).toString("base64url");
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, secret, { mode: 0o600 });
    warn(`SESSION_SECRET is not set: generated one in ${file}. Set SESSION_SECRET when running more than one instance.`);
    return secret;
  }
}
