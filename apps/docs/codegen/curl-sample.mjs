// The curl sample of one operation, built from the same request examples as the TypeScript sample.
import { CONTROL_PLANE_BASE_URL, GATEWAY_BASE_URL, LOCAL_MOCK_URL, TOKEN_ENV_VAR } from './constants.mjs';
import { placeholderNotes } from './placeholders.mjs';
import { sampleParams } from './ts-sample.mjs';

/** Quotes text for a POSIX shell (single quotes; an embedded quote becomes '\''). */
export function shellQuote(text) {
  return `'${String(text).replace(/'/g, `'\\''`)}'`;
}

const scalar = (v) => (typeof v === 'string' ? v : JSON.stringify(v));

/** The request URL: the operation's address space, path parameters filled in, query in form style. */
export function requestUrl(op) {
  const base = op.addressSpace === 'gateway' ? GATEWAY_BASE_URL : CONTROL_PLANE_BASE_URL;
  const params = sampleParams(op);
  let path = op.path;
  for (const p of params.filter((x) => x.in === 'path')) {
    path = path.split(`{${p.name}}`).join(encodeURIComponent(scalar(p.value)));
  }
  const query = new URLSearchParams();
  for (const p of params.filter((x) => x.in === 'query')) {
    for (const v of Array.isArray(p.value) ? p.value : [p.value]) query.append(p.name, scalar(v));
  }
  const qs = query.toString();
  return `${base}${path}${qs ? `?${qs}` : ''}`;
}

/**
 * @param {import('./operations.mjs').SampleOperation} op
 * @param {import('./operations.mjs').SampleBody} [body] the request example to send (default: the first)
 */
export function curlSample(op, body = op.body) {
  const lines = [`curl --request ${op.method.toUpperCase()}`, `--url ${shellQuote(requestUrl(op))}`];
  lines.push(`--header "Authorization: Bearer $${TOKEN_ENV_VAR}"`);
  for (const p of sampleParams(op).filter((x) => x.in === 'header')) lines.push(`--header ${shellQuote(`${p.name}: ${scalar(p.value)}`)}`);
  if (body) {
    lines.push(`--header 'Content-Type: application/json'`);
    lines.push(`--data ${shellQuote(JSON.stringify(body.value, null, 2))}`);
  }
  const notes = [...placeholderNotes(op), localMockNote(op)].map((note) => `# ${note}\n`);
  return `${notes.join('')}${lines.join(' \\\n  ')}\n`;
}

/** The one line that says how to send the sample to the local mock instead (it serves both address spaces on one port). */
export function localMockNote(op) {
  const base = op.addressSpace === 'gateway' ? GATEWAY_BASE_URL : CONTROL_PLANE_BASE_URL;
  return `Local mock (npm start, or npx @vendor/api-mock --port 4010): use ${LOCAL_MOCK_URL} for ${base}, and any token (${TOKEN_ENV_VAR}=any).`;
}
