/** Identifiers and secrets: random ids, opaque tokens and their stored hashes. */
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';

export function newId(): string {
  return randomUUID();
}

/** A URL-safe random token (256 bits) for cookies and tickets. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored for a token: its SHA-256, so a database leak yields no usable session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function newNumericCode(length: number): string {
  let code = '';
  for (let index = 0; index < length; index += 1) code += String(randomInt(10));
  return code;
}
