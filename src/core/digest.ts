import { createHash, hash } from 'node:crypto';

/**
 * The engine's one short, stable hash: SHA-1 in 20 base64url digits (collisions are not a
 * practical concern at 120 bits). Keys of the build's caches and of its record of the last build
 * are made with it; no published file name is (those hash their bytes themselves). One part is
 * hashed as it is, the common case on the hot path; several parts are length-prefixed, so
 * `ab`+`c` and `a`+`bc` differ.
 */
export function digest(...parts: readonly (string | Uint8Array)[]): string {
  if (parts.length === 1) return hash('sha1', parts[0]!, 'base64url').slice(0, 20);
  const sha = createHash('sha1');
  for (const part of parts) {
    const bytes = typeof part === 'string' ? Buffer.from(part) : part;
    sha.update(`${bytes.byteLength}:`).update(bytes);
  }
  return sha.digest('base64url').slice(0, 20);
}
