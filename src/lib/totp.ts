// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP), as authenticator apps make
// them: HMAC-SHA-1, 6 digits, 30-second steps, the key written in RFC 4648 base32. Pure: the
// time is passed in, never read here.
import { createHmac, randomBytes } from 'node:crypto';

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SEC = 30;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Base32 (RFC 4648) without padding, as otpauth:// URIs and authenticator apps write keys. */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Base32 back to bytes; spaces, dashes and padding are ignored, case too. Null for any other character. */
export function base32Decode(text: string): Buffer | null {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    const v = ALPHABET.indexOf(ch);
    if (v < 0) return null;
    value = (value << 5) | v;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
    value &= (1 << bits) - 1;
  }
  return Buffer.from(out);
}

/** A fresh key: 20 random bytes (160 bits, RFC 4226's recommended length for SHA-1), in base32. */
export const newTotpSecret = (): string => base32Encode(randomBytes(20));

/** The time step of an instant (milliseconds since the epoch). */
export const totpStep = (ms: number): number => Math.floor(ms / 1000 / TOTP_PERIOD_SEC);

/** HOTP (RFC 4226 §5.3): the 6-digit code of `key` at counter `step`. */
export function hotp(key: Uint8Array, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const bin = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** TOTP_DIGITS;
  return String(bin).padStart(TOTP_DIGITS, '0');
}

/**
 * The step whose code `code` is, among the steps within `window` of `nowMs`'s (either side) and
 * after `after` (the last step a code was accepted at: a code is good once); null when none.
 * Every candidate is computed, so the time taken does not depend on which one matched.
 */
export function matchTotp(secret: string, code: string, nowMs: number, after: number | null, window = 1): number | null {
  const key = base32Decode(secret);
  if (!key || !new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return null;
  const now = totpStep(nowMs);
  let found: number | null = null;
  for (let s = now - window; s <= now + window; s++) {
    const same = hotp(key, s) === code;
    if (same && (after === null || s > after) && found === null) found = s;
  }
  return found;
}

/** The otpauth:// URI an authenticator app reads from the QR code (Key Uri Format): the issuer
 * and the account as its label, the key, and the parameters spelt out. */
export function otpauthUri(issuer: string, account: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const q = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SEC),
  });
  return `otpauth://totp/${label}?${q.toString()}`;
}
