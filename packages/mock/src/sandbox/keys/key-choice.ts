// Which keys a sandbox signs with, and where they came from (for its start-up line, never the keys themselves):
// { signingKeys } or --signing-keys FILE, else --secret, else VENDOR_SANDBOX_SIGNING_KEYS, else VENDOR_SANDBOX_SECRET,
// else a random secret for this process. A key given in a file or the environment never shows in `ps`.
import { randomSecret } from '../tokens.js';
import { readSigningKeys, singleKey, SIGNING_KEYS_ENV, type SigningKey } from './signing-keys.js';

export type SecretSource = 'option' | 'environment' | 'random' | 'signing-keys-option' | 'signing-keys-file' | 'signing-keys-environment';

export interface KeyOptions {
  secret?: string;
  /** the keys, newest first (the programmatic twin of --signing-keys) */
  signingKeys?: readonly SigningKey[];
  /** a file holding the JSON list of keys (--signing-keys FILE) */
  signingKeysFile?: string;
}

export interface KeySources {
  environmentSecret: string | undefined;
  environmentSigningKeys?: string | undefined;
  /** reads a file's text (the Node host); absent where there are no files */
  readTextFile?: ((path: string, what: string) => string) | undefined;
}

export interface KeyChoice {
  keys: SigningKey[];
  source: SecretSource;
}

export function chooseSigningKeys(options: KeyOptions, sources: KeySources): KeyChoice {
  const givesKeys = options.signingKeys !== undefined || options.signingKeysFile !== undefined;
  if (givesKeys && options.secret !== undefined) throw new Error('sandbox: give either secret (--secret, one key) or signing keys (--signing-keys FILE), not both');
  if (options.signingKeys !== undefined) return { keys: readSigningKeys(JSON.stringify(options.signingKeys), 'signingKeys'), source: 'signing-keys-option' };
  if (options.signingKeysFile !== undefined) {
    if (sources.readTextFile === undefined) throw new Error('sandbox: signingKeysFile needs a file system; give signingKeys instead');
    const text = sources.readTextFile(options.signingKeysFile, '--signing-keys');
    return { keys: readSigningKeys(text, `--signing-keys ${options.signingKeysFile}`), source: 'signing-keys-file' };
  }
  if (options.secret !== undefined) return { keys: singleKey(options.secret), source: 'option' };
  if (sources.environmentSigningKeys) return { keys: readSigningKeys(sources.environmentSigningKeys, SIGNING_KEYS_ENV), source: 'signing-keys-environment' };
  if (sources.environmentSecret) return { keys: singleKey(sources.environmentSecret), source: 'environment' };
  return { keys: singleKey(randomSecret()), source: 'random' };
}
