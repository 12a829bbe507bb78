// `npx @vendor/api-mock token --tenant NAME [--subject user:EMAIL] [--secret S] [--expires-in 1h]`:
// prints a sandbox token; the token is the last line of stdout.
import { checkExpiresIn, checkSubject, checkTenant, createTokenIssuer, DEFAULT_EXPIRES_IN, defaultSubject, SECRET_ENV } from '../sandbox/tokens.js';
import { COMMAND } from '../core/command-name.js';
import { helpText, readArgs, type FlagTable } from './flag-reader.js';

export const TOKEN_USAGE = `Usage: ${COMMAND} token --tenant NAME [--subject user:EMAIL] [--secret S] [--expires-in ${DEFAULT_EXPIRES_IN}]

Prints a token for a sandbox started with the same secret (--secret, else ${SECRET_ENV}).
The token is the last line of the output.`;

export interface TokenOptions {
  tenant: string;
  subject: string;
  secret: string;
  expiresIn: string;
  help: boolean;
}

// No readers here: the values are checked after reading, in a fixed order and defaults too (the subject's default
// comes from the tenant), so that a missing --tenant is named before a bad --expires-in, as it always was.
export const TOKEN_FLAGS = {
  tenant: { flag: '--tenant', takes: 'value', required: true },
  subject: { flag: '--subject', takes: 'value' },
  secret: { flag: '--secret', takes: 'value' },
  expiresIn: { flag: '--expires-in', takes: 'value' },
} satisfies FlagTable;

/** What --help prints: the usage, then every flag beside its variable. */
export const TOKEN_HELP = helpText(TOKEN_USAGE, TOKEN_FLAGS);

export function parseTokenArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): TokenOptions {
  const { help, given } = readArgs(argv, TOKEN_FLAGS, TOKEN_USAGE, env);
  if (help) return { tenant: '', subject: '', secret: '', expiresIn: DEFAULT_EXPIRES_IN, help };
  checkTenant(given.tenant);
  const subject = given.subject ?? defaultSubject(given.tenant);
  checkSubject(subject);
  const secret = given.secret ?? env[SECRET_ENV];
  if (!secret) throw new Error(`give the sandbox's secret with --secret or the ${SECRET_ENV} environment variable`);
  return { tenant: given.tenant, subject, secret, expiresIn: checkExpiresIn(given.expiresIn ?? DEFAULT_EXPIRES_IN), help };
}

/** The lines to print; the token is the last one. */
export async function tokenLines(options: TokenOptions): Promise<string[]> {
  const token = await createTokenIssuer(options.secret).sign(options.tenant, options.subject, options.expiresIn);
  return [`Sandbox token for tenant ${options.tenant}, subject ${options.subject}, valid for ${options.expiresIn}:`, token];
}
