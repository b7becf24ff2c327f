import "server-only";
import { hash, verify } from "@node-rs/argon2";
// The password rule itself (its length) is shared with the forms: src/lib/password-rule.ts.
import { PASSWORD_MAX_LENGTH } from "@/lib/password-rule";

// argon2id (the library's default algorithm) with OWASP's suggested memory and time costs.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  if (password.length > PASSWORD_MAX_LENGTH) throw new Error("password too long to hash");
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (password.length > PASSWORD_MAX_LENGTH) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of nothing anybody knows: verified against when an e-mail is unknown, so both paths take as long. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hash(crypto.randomUUID(), options);
  return decoyHash;
}
