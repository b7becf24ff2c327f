import "server-only";
import { createHash, randomBytes } from "node:crypto";

/**
 * Bearer secrets the server hands out and later looks up: session cookies and the links it
 * mails (password reset, e-mail change). Only their hash is stored, so a copy of the database
 * lets nobody in; 256 random bits need no salt or slow hash.
 */

/** 32 random bytes in base64url: 43 characters. */
export const SECRET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newSecretToken(): string {
  return randomBytes(32).toString("base64url");
}

/** SHA-256 in hex: what the database keeps and looks the token up by. */
export function hashSecretToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
