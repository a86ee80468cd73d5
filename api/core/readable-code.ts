import { randomBytes } from "node:crypto";

/** Letters and digits a person reads back without doubt: no 0/O or 1/I. */
const READABLE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/** A random code people read aloud and type, such as MN-7K3F-9Q2A or RT-7K3F-9Q2A: `prefix` and two groups of four. */
export function readableCode(prefix: string): string {
  const chars = [...randomBytes(8)].map((byte) => READABLE_ALPHABET[byte % READABLE_ALPHABET.length]).join("");
  return `${prefix}-${chars.slice(0, 4)}-${chars.slice(4)}`;
}
