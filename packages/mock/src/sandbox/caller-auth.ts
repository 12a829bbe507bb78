// Who calls the sandbox: the tenant and subject of the sandbox token in `Authorization: Bearer <token>`.
// The API's operations and POST /_sandbox/reset check callers the same way.
import type { RequestHeaders } from '../core/exchange.js';
import { COMMAND } from '../core/command-name.js';
import { soleBearerToken } from '../core/bearer-token.js';
import type { SandboxAuth } from '../pipeline/seams.js';
import type { TokenIssuer } from './tokens.js';

export async function authenticateCaller(issuer: TokenIssuer, headers: RequestHeaders): Promise<SandboxAuth> {
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
  return { ok: true, caller: verified.caller };
}
