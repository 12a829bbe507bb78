// `npx @vendor/api-mock token --tenant NAME [--subject user:EMAIL] [--secret S] [--expires-in 1h]`:
// prints a sandbox token; the token is the last line of stdout.
import { checkExpiresIn, checkSubject, checkTenant, createTokenIssuer, DEFAULT_EXPIRES_IN, defaultSubject, SECRET_ENV } from '../sandbox/tokens.js';
import { COMMAND } from './command-name.js';
import { readFlags } from './flag-reader.js';

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

export function parseTokenArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): TokenOptions {
  const found: Partial<Record<'tenant' | 'subject' | 'secret' | 'expiresIn', string>> = {};
  let help = false;
  for (const { flag, value } of readFlags(argv)) {
    if (flag === '--tenant') found.tenant = value();
    else if (flag === '--subject') found.subject = value();
    else if (flag === '--secret') found.secret = value();
    else if (flag === '--expires-in') found.expiresIn = value();
    else if (flag === '--help' || flag === '-h') help = true;
    else throw new Error(`unknown option ${flag}\n${TOKEN_USAGE}`);
  }
  if (help) return { tenant: '', subject: '', secret: '', expiresIn: DEFAULT_EXPIRES_IN, help };
  if (found.tenant === undefined) throw new Error(`--tenant is required\n${TOKEN_USAGE}`);
  checkTenant(found.tenant);
  const subject = found.subject ?? defaultSubject(found.tenant);
  checkSubject(subject);
  const secret = found.secret ?? env[SECRET_ENV];
  if (!secret) throw new Error(`give the sandbox's secret with --secret or the ${SECRET_ENV} environment variable`);
  return { tenant: found.tenant, subject, secret, expiresIn: checkExpiresIn(found.expiresIn ?? DEFAULT_EXPIRES_IN), help };
}

/** The lines to print; the token is the last one. */
export async function tokenLines(options: TokenOptions): Promise<string[]> {
  const token = await createTokenIssuer(options.secret).sign(options.tenant, options.subject, options.expiresIn);
  return [`Sandbox token for tenant ${options.tenant}, subject ${options.subject}, valid for ${options.expiresIn}:`, token];
}
