// The grammar of an Integration API key (spec: Key format), defined once: `svk_<id>_<secret>`,
// where <id> is 8 lowercase hex characters (the public key id) and <secret> 43 base64url
// characters (32 random bytes). The store makes and verifies keys with it, the CLI checks input
// with it, and the HTTP contract describes it from it.

export const KEY_PREFIX = 'svk_';
/** Bytes of randomness in the secret part; 32 bytes are 43 base64url characters. */
export const KEY_SECRET_BYTES = 32;
export const KEY_LENGTH = KEY_PREFIX.length + 8 + 1 + 43;

/** A key id alone (path parameter of a revoke, `keys revoke <id>`). */
export const KEY_ID_PATTERN = /^[0-9a-f]{8}$/;
/** A whole key; group 1 is the id, group 2 the secret. */
export const KEY_PATTERN = /^svk_([0-9a-f]{8})_([A-Za-z0-9_-]{43})$/;
/** The shape in words, for messages and the API description. */
export const KEY_SHAPE = 'svk_<8 lowercase hex>_<43 base64url>';

export const isKeyId = (id: string): boolean => KEY_ID_PATTERN.test(id);

/** Assembles a key from its id and its base64url secret. */
export const formatKey = (id: string, secret: string): string => `${KEY_PREFIX}${id}_${secret}`;

/** The id of a well-formed key, else null. */
export function keyIdOf(key: string): string | null {
  return KEY_PATTERN.exec(key)?.[1] ?? null;
}
