import argon2 from "argon2";

/** argon2id at the OWASP minimum (19 MiB, 2 passes, 1 lane); ASVS 5.0 11.4.2. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, ARGON2_OPTIONS);

/**
 * Checks a password against a stored hash. With no stored hash (unknown account) it still spends
 * one verification against a fixed hash, so the answer time does not tell which accounts exist.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  const matches = await argon2.verify(storedHash ?? (await decoyHash()), password);
  return storedHash !== undefined && matches;
}

/** True when a hash was made with older parameters and should be replaced at the next successful login. */
export const needsRehash = (storedHash: string) => argon2.needsRehash(storedHash, ARGON2_OPTIONS);

let decoy: Promise<string> | undefined;
const decoyHash = () => {
  decoy ??= argon2.hash("decoy password for unknown accounts", ARGON2_OPTIONS);
  return decoy;
};
