// Ids for records the sandbox makes: derived ids for the seed's clones (stable across restarts and
// instances, so every instance seeds the same data), random ids for what callers create.
import { randomBytes } from '../core/web-crypto.js';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** `base` with its last characters replaced by a marker and `n`: same length and look, never `base` itself. */
export function derivedId(base: string, n: number): string {
  const suffix = `z${n.toString(36).padStart(4, '0')}`;
  return base.length > suffix.length + 2 ? `${base.slice(0, base.length - suffix.length)}${suffix}` : `${base}-${suffix}`;
}

/** A new 25-character id in the look of the control plane's ids (cm + 23 characters). */
export function newId(prefix = 'cm'): string {
  const bytes = randomBytes(23);
  let out = prefix;
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
}

/** A new lower-case ULID-like id (26 characters), as gateway turn ids look. */
export function newTurnId(): string {
  return newId('01').slice(0, 26).padEnd(26, '0');
}
