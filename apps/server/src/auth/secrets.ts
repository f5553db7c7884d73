import { createHash, randomBytes } from 'node:crypto';

/** Bearer tokens and mailed link ids: 256 random bits, url-safe. Only their hash is stored. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
