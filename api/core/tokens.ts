import { createHash, randomBytes } from "node:crypto";

/** Opaque bearer tokens: 256 random bits shown once to the client, only a SHA-256 hash stored. */
export const newOpaqueToken = () => randomBytes(32).toString("base64url");

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
