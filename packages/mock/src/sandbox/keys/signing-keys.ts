// The keys a sandbox signs and checks its tokens with: `--signing-keys FILE` or VENDOR_SANDBOX_SIGNING_KEYS, a JSON
// list of {"kid", "secret"}, newest first. The newest signs; every listed key verifies, so a key is rotated by
// adding a new one in front, waiting for the old tokens to expire (or be replaced), and removing the old one.
// `--secret` (or VENDOR_SANDBOX_SECRET) is one key of kid "default". No message here ever repeats a secret.

export interface SigningKey {
  /** the key id every token signed with this key carries in its JWS header */
  kid: string;
  secret: string;
}

/** The environment variable that holds the signing keys (the JSON list) when --signing-keys is not given. */
export const SIGNING_KEYS_ENV = 'VENDOR_SANDBOX_SIGNING_KEYS';
/** The kid of the one key `--secret` gives. */
export const DEFAULT_KID = 'default';
const KID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
const MIN_SECRET_LENGTH = 16;

/** The one key of `--secret`: tokens it signs carry kid "default". */
export function singleKey(secret: string): SigningKey[] {
  return [{ kid: DEFAULT_KID, secret }];
}

/**
 * Reads the JSON list of keys; `source` names where it came from (a file's path, the variable's name) in errors,
 * which say what is wrong and where, never what a secret is.
 */
export function readSigningKeys(text: string, source: string): SigningKey[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${source} must hold a JSON list of {"kid", "secret"} (newest first); it is not JSON`);
  }
  if (!Array.isArray(parsed) || parsed.length === 0) throw new Error(`${source} must hold a JSON list of {"kid", "secret"} with at least one key (newest first)`);
  const seen = new Set<string>();
  return parsed.map((entry, index) => {
    const key = checkKey(entry, `${source}[${index}]`);
    if (seen.has(key.kid)) throw new Error(`${source}[${index}].kid ${JSON.stringify(key.kid)} appears twice; each key needs its own kid`);
    seen.add(key.kid);
    return key;
  });
}

function checkKey(entry: unknown, where: string): SigningKey {
  const isObject = typeof entry === 'object' && entry !== null && !Array.isArray(entry);
  if (!isObject) throw new Error(`${where} must be an object {"kid", "secret"}`);
  const { kid, secret, ...rest } = entry as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) throw new Error(`${where} has unknown field ${unknown[0]}; a key has only kid and secret`);
  if (typeof kid !== 'string' || !KID_PATTERN.test(kid)) throw new Error(`${where}.kid must be 1 to 64 letters, digits, '.', '_' or '-'`);
  if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`${where}.secret must be a string of at least ${MIN_SECRET_LENGTH} characters (kid ${kid})`);
  }
  return { kid, secret };
}
