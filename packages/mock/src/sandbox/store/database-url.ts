// The database URL as the banner and logs may show it: where the sandbox keeps its records, never a password, neither
// in the userinfo (postgres://user:PASSWORD@host) nor in the query string (?password=..., ?sslpassword=...).
import { isSecretKey } from '@vendor/spec-model';

/** What stands where a password was, so a reader sees that one was given. */
export const HIDDEN = '***';

/** `url` with its password and any secret query parameter replaced by ***; a URL that does not parse is not shown. */
export function shownDatabaseUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'postgres://(a URL that does not parse; not shown)';
  }
  if (parsed.password !== '') parsed.password = HIDDEN;
  for (const name of [...parsed.searchParams.keys()]) {
    if (isSecretKey(name)) parsed.searchParams.set(name, HIDDEN);
  }
  return parsed.toString();
}
