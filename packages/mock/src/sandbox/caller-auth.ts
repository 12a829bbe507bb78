// Who calls the sandbox: the tenant and subject of the sandbox token in `Authorization: Bearer <token>`.
// The API's operations and POST /_sandbox/reset check callers the same way. With tenant administration, a valid
// token's standing is checked too (revoked, tenant suspended, deleted or not provisioned: tenancy/token-standing.ts).
import type { RequestHeaders } from '../core/exchange.js';
import { COMMAND } from '../core/command-name.js';
import { soleBearerToken } from '../core/bearer-token.js';
import type { SandboxAuth } from '../pipeline/seams.js';
import type { MockError } from '../core/error-shapes.js';
import type { Caller } from '../core/caller.js';
import type { TokenFacts, TokenIssuer } from './tokens.js';

/** Refuses a validly signed token that may no longer be used (an error), or lets it through (undefined). Synchronous: no database round trip per request. */
export type TokenStanding = (caller: Caller, token: TokenFacts) => MockError | undefined;

export async function authenticateCaller(issuer: TokenIssuer, headers: RequestHeaders, standing?: TokenStanding): Promise<SandboxAuth> {
  const token = soleBearerToken(headers);
  if (token === undefined) {
    return {
      ok: false,
      error: {
        status: 401,
        kind: 'unauthorized',
        message: `Missing bearer token: send Authorization: Bearer <token> (\`${COMMAND} token --tenant NAME\` prints one)`,
      },
    };
  }
  const verified = await issuer.verify(token);
  if (!verified.ok) return { ok: false, error: { status: 401, kind: 'unauthorized', message: verified.reason } };
  const refused = standing?.(verified.caller, verified.token);
  if (refused !== undefined) return { ok: false, error: refused };
  return { ok: true, caller: verified.caller };
}
