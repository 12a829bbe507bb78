// `npx @vendor/api-mock token --tenant NAME [--subject user:EMAIL] [--secret S | --signing-keys FILE [--kid K]] [--expires-in 1h]`:
// prints a sandbox token; the token is the last line of stdout.
import { readFileSync } from 'node:fs';
import { checkExpiresIn, checkSubject, checkTenant, createTokenIssuer, DEFAULT_EXPIRES_IN, defaultSubject, SECRET_ENV } from '../sandbox/tokens.js';
import { readSigningKeys, singleKey, SIGNING_KEYS_ENV, type SigningKey } from '../sandbox/keys/signing-keys.js';
import { COMMAND } from '../core/command-name.js';
import { helpText, readArgs, type FlagTable } from './flag-reader.js';

export const TOKEN_USAGE = `Usage: ${COMMAND} token --tenant NAME [--subject user:EMAIL] [--secret S | --signing-keys FILE [--kid K]] [--expires-in ${DEFAULT_EXPIRES_IN}]

Prints a token for a sandbox started with the same keys: --secret (else ${SECRET_ENV}), or the
JSON list of --signing-keys FILE (else ${SIGNING_KEYS_ENV}), whose newest key signs unless --kid names another.
The token is the last line of the output.`;

export interface TokenOptions {
  tenant: string;
  subject: string;
  /** the keys, newest first; `kid` picks the one that signs */
  keys: SigningKey[];
  kid: string;
  expiresIn: string;
  help: boolean;
}

// No readers here: the values are checked after reading, in a fixed order and defaults too (the subject's default
// comes from the tenant), so that a missing --tenant is named before a bad --expires-in, as it always was.
export const TOKEN_FLAGS = {
  tenant: { flag: '--tenant', takes: 'value', required: true },
  subject: { flag: '--subject', takes: 'value' },
  secret: { flag: '--secret', takes: 'value' },
  signingKeys: { flag: '--signing-keys', takes: 'value' },
  kid: { flag: '--kid', takes: 'value' },
  expiresIn: { flag: '--expires-in', takes: 'value' },
} satisfies FlagTable;

/** What --help prints: the usage, then every flag beside its variable. */
export const TOKEN_HELP = helpText(TOKEN_USAGE, TOKEN_FLAGS);

export function parseTokenArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): TokenOptions {
  const { help, given } = readArgs(argv, TOKEN_FLAGS, TOKEN_USAGE, env);
  if (help) return { tenant: '', subject: '', keys: [], kid: '', expiresIn: DEFAULT_EXPIRES_IN, help };
  checkTenant(given.tenant);
  const subject = given.subject ?? defaultSubject(given.tenant);
  checkSubject(subject);
  const keys = keysOf(given, env);
  const kid = given.kid ?? keys[0]!.kid;
  const isListed = keys.some((key) => key.kid === kid);
  if (!isListed) throw new Error(`--kid must name one of the signing keys (${keys.map((key) => key.kid).join(', ')}); got ${kid}`);
  return { tenant: given.tenant, subject, keys, kid, expiresIn: checkExpiresIn(given.expiresIn ?? DEFAULT_EXPIRES_IN), help };
}

/** The keys as the sandbox reads them: --signing-keys FILE or --secret, else the environment's, keys before a secret. */
function keysOf(given: { secret?: string; signingKeys?: string }, env: NodeJS.ProcessEnv): SigningKey[] {
  if (given.secret !== undefined && given.signingKeys !== undefined) throw new Error('give either --secret or --signing-keys FILE, not both');
  if (given.signingKeys !== undefined) return readSigningKeys(readKeysFile(given.signingKeys), `--signing-keys ${given.signingKeys}`);
  if (given.secret !== undefined) return singleKey(given.secret);
  if (env[SIGNING_KEYS_ENV]) return readSigningKeys(env[SIGNING_KEYS_ENV]!, SIGNING_KEYS_ENV);
  if (env[SECRET_ENV]) return singleKey(env[SECRET_ENV]!);
  throw new Error(`give the sandbox's secret with --secret or the ${SECRET_ENV} environment variable (or its keys with --signing-keys FILE or ${SIGNING_KEYS_ENV})`);
}

function readKeysFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`--signing-keys ${path}: cannot read the file (${(error as { code?: string }).code ?? 'unreadable'})`, { cause: error });
  }
}

/** The lines to print; the token is the last one. */
export async function tokenLines(options: TokenOptions): Promise<string[]> {
  const signed = await createTokenIssuer(options.keys).issue(options.tenant, { subject: options.subject, expiresIn: options.expiresIn, kid: options.kid });
  return [`Sandbox token for tenant ${options.tenant}, subject ${options.subject}, key ${signed.kid}, valid for ${options.expiresIn}:`, signed.token];
}
