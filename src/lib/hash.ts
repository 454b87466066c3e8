import { createHash, timingSafeEqual } from 'node:crypto';

export const sha256Hex = (text: string | Uint8Array): string => createHash('sha256').update(text).digest('hex');

/** Constant-time comparison of two equal-length hex digests. */
export function digestsEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}
