// The one `curl` line `npm start` prints: a request a reader can paste as it is, against the mock just started.
// Built like the docs' curl samples (apps/docs/codegen: the same operations, example values and URL), with the
// mock's URL for the placeholder host and a token the mock accepts.
import { CONTROL_PLANE_BASE_URL } from '../../../apps/docs/codegen/constants.mjs';
import { requestUrl, shellQuote } from '../../../apps/docs/codegen/curl-sample.mjs';
import { listOperations } from '../../../apps/docs/codegen/operations.mjs';
import { sampleParams } from '../../../apps/docs/codegen/ts-sample.mjs';

/** Any non-empty bearer token: the mock looks at none. */
const MOCK_TOKEN = 'any';

/**
 * `curl -s 'http://127.0.0.1:4010/api/svc/v1/...' -H 'Authorization: Bearer any'`: the first control-plane GET of
 * the document whose sample sends nothing but its path and the token, so that the line stays one short line.
 * Undefined when the document has none.
 */
export function readyCurlLine(bundle, mockUrl) {
  const op = listOperations(bundle).find(isOneLineRequest);
  if (op === undefined) return undefined;
  const url = `${mockUrl}${requestUrl(op).slice(CONTROL_PLANE_BASE_URL.length)}`;
  return `curl -s ${shellQuote(url)} -H ${shellQuote(`Authorization: Bearer ${MOCK_TOKEN}`)}`;
}

function isOneLineRequest(op) {
  const sendsMore = sampleParams(op).some((param) => param.in !== 'path');
  return op.method === 'get' && op.addressSpace === 'controlPlane' && !sendsMore;
}
