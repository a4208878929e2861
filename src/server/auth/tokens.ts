import { createHash, randomBytes } from 'node:crypto';

/** Bearer tokens are 256 random bits; only their sha256 is stored, so a leaked table grants nothing. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
