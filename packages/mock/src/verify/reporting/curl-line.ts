// A case as a curl command a person can paste: the token as `$VENDOR_API_TOKEN` (never its value), everything
// else as sent, single-quoted for a POSIX shell.
import type { MockOperation } from '../../spec/operation-table.js';
import { caseUrl, MALFORMED_AUTHORIZATION } from '../running/send-case.js';
import type { RequestCase } from '../verify-types.js';

export function curlLine(urls: { baseUrl: string; gatewayBaseUrl: string }, op: MockOperation, requestCase: RequestCase): string {
  const parts = ['curl', '-sS', '-X', op.method.toUpperCase(), quoted(caseUrl(urls, op, requestCase))];
  if (requestCase.auth === 'token') parts.push('-H', '"Authorization: Bearer $VENDOR_API_TOKEN"');
  if (requestCase.auth === 'malformed') parts.push('-H', quoted(`Authorization: ${MALFORMED_AUTHORIZATION}`));
  for (const [name, value] of Object.entries(requestCase.headers)) parts.push('-H', quoted(`${name}: ${value}`));
  if (requestCase.body !== undefined) parts.push('-H', quoted('content-type: application/json'), '--data', quoted(JSON.stringify(requestCase.body)));
  return parts.join(' ');
}

function quoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
