// Introduction sections the docs add after the spec's own `info.description`: how to set both base URLs,
// which operation uses which error shape, pagination, the mock, and whom to ask. Built from the document, so
// the operation lists and the contact cannot drift from the contract.
import { useFromAnAgent } from './agent-section.mjs';
import { CONTROL_PLANE_BASE_URL, DOWNLOADS, GATEWAY_BASE_URL, SITE_PAGES, TOKEN_ENV_VAR } from './constants.mjs';

export const SHAPE_SCHEMAS = { ml: 'MlError', 'control-plane': 'ControlPlaneError', gateway: 'GatewayError' };
const code = (text) => `\`${text}\``;

function baseUrls(ops) {
  const gateway = ops.filter((o) => o.addressSpace === 'gateway').map((o) => code(o.operationId));
  return `## Setting the two base URLs
The control plane and the gateway are separate hosts. The first line of every operation's description
(**Server:**) names the URL it is sent to, and the gateway operations carry a **Gateway** badge beside
their title and in the sidebar. The gateway operations are ${gateway.join(', ')}; all others go to the
control plane (the **Servers** box of this introduction).

With the TypeScript client, give both base URLs once; each method picks the right one:

\`\`\`ts
import { createPlatformClient } from '@vendor/api-client';

const platform = createPlatformClient({
  baseUrl: '${CONTROL_PLANE_BASE_URL}',        // control plane: https://{base_url}
  gatewayBaseUrl: '${GATEWAY_BASE_URL}', // gateway: {scheme}://{gateway_base_url}
  token: process.env.${TOKEN_ENV_VAR}!,
});
\`\`\`

With curl or any other HTTP client, prefix control-plane paths with your control-plane URL and gateway
paths with your gateway URL. The code samples use ${code(CONTROL_PLANE_BASE_URL)} and
${code(GATEWAY_BASE_URL)} as placeholders and read the bearer token from ${code(TOKEN_ENV_VAR)}.
`;
}

function errorShapes(ops) {
  // Each cell holds one value, which the docs' CSS keeps whole; the schema of each shape is named once, above
  // the table, so that the three columns fit beside the code samples.
  const rows = ops.map((o) => `| ${code(o.operationId)} | ${o.addressSpace === 'gateway' ? 'gateway' : 'control plane'} | ${o.errorShape ? code(o.errorShape) : '—'} |`);
  const shapes = [...new Set(ops.map((o) => o.errorShape).filter(Boolean))];
  const schemas = shapes.map((shape) => `${code(shape)} is ${code(SHAPE_SCHEMAS[shape] ?? '?')}`);
  return `## Error shape of each operation
All error bodies of an operation, including statuses it does not list (such as 401), use the shape
named by its ${code('x-error-shape')}. The schema of each shape: ${schemas.join(', ')}.
${securedStatuses(ops)}
| Operation | Address space | Error shape |
|---|---|---|
${rows.join('\n')}
`;
}

/**
 * What the document's `x-secured-responses` says, from the model: each status every operation that requires a
 * token can answer, and the operations that can answer it without listing it.
 */
function securedStatuses(ops) {
  const statuses = [...new Set(ops.flatMap((o) => o.operation.securedResponses.map((r) => r.status)))];
  if (statuses.length === 0) return '';
  const lines = statuses.map((status) => {
    const unlisted = ops.filter((o) => o.operation.securedResponses.some((r) => r.status === status)).map((o) => code(o.operationId));
    return `- **${status}** can occur on every operation that requires a token, in its error shape; ${unlisted.join(', ')} answer it without listing it.`;
  });
  return `
Statuses every operation that requires a token can answer (the document's ${code('x-secured-responses')}):

${lines.join('\n')}
`;
}

/** `limit (1 to 25, default 10)`: the page-size parameter with the bounds of its schema. */
function pageSize(op) {
  const name = op.pagination.limitParameter;
  const limit = op.params.find((p) => p.in === 'query' && p.name === name)?.schema ?? {};
  const bounds = [
    limit.minimum !== undefined && limit.maximum !== undefined ? `${limit.minimum} to ${limit.maximum}` : undefined,
    limit.default !== undefined ? `default ${limit.default}` : undefined,
  ].filter(Boolean).join(', ');
  return `${code(name)}${bounds ? ` (${bounds})` : ''}`;
}

/** One line per paginated operation, from its x-pagination. */
function describePagination(op) {
  const p = op.pagination;
  const limit = p.limitParameter;
  if (p.style === 'page-token') {
    const next = p.nextTokenAt.at(-1);
    return `- ${code(op.operationId)} pages with a token: pass ${pageSize(op)} for the page size and, to continue, the ${code(p.nextTokenAt.join('.'))} of the previous page as ${code(p.tokenParameter)}. Pages are newest first; the last page has no ${code(next)}.`;
  }
  const offset = p.offsetParameter;
  const total = p.totalAt.at(-1);
  const carrier = p.totalAt.slice(0, -1).join('.');
  return `- ${code(op.operationId)} pages with an offset: pass ${pageSize(op)} and ${code(offset)} (from 0); the response's ${code(carrier)} carries ${code(total)}, ${code(offset)} and ${code(limit)}. Keep adding ${code(limit)} to ${code(offset)} while ${code(`${offset} + ${limit} < ${total}`)}.`;
}

function pagination(ops) {
  const lines = ops.filter((op) => op.pagination !== undefined).map(describePagination);
  return `## Pagination
${lines.join('\n')}

The bounds come from each operation's ${code('limit')} parameter; a value outside them is answered with
the operation's invalid-input status in its error shape.
`;
}

function mock(ops) {
  return `## Running the mock
A mock server answers every operation with the examples shown here, validates requests against this
description, and answers invalid ones in the operation's own error shape (and 401 without a bearer token).

\`\`\`sh
npx @vendor/api-mock --port 4010   # anywhere: runs the @vendor/api-mock package
npm run mock -- --port 4010        # in a clone of the repository
\`\`\`

Both address spaces are served on the same port: use the mock's URL as both base URLs, e.g.
${code("createPlatformClient({ baseUrl: 'http://127.0.0.1:4010', gatewayBaseUrl: 'http://127.0.0.1:4010', token: 'any' })")}.
${code('npm start')} in the repository serves this reference and the mock together.

For tests, the mock also fails on demand (${code('Prefer: fault=503, times=2, key=K')}, ${code('fault=reset')},
${code('delay=300')}), keeps a journal of the requests it received (${code('GET /_mock/requests')}, secrets redacted),
and runs without a server: ${code("import { createMockFetch } from '@vendor/api-mock/fetch'")} gives a ${code('fetch')}
for the client, in Node, Bun, Deno, browsers and Cloudflare Workers.

## Checking the real service against this description
Point your client at the validation proxy instead of the API: it forwards each request unchanged to the service,
checks the request and the answer against this description, marks answers that break it with
${code('x-contract-findings: N')}, and lists every finding by operation at ${code('/_proxy/report')}.

\`\`\`sh
npx @vendor/api-mock proxy --upstream https://api.vendor.example --gateway-upstream https://gateway.vendor.example --report report.json
\`\`\`

${code('--strict')} refuses invalid requests and turns answers that break the description into a 502 listing how;
${code('--record DIR')} keeps up to five distinct exchanges per operation and status as examples, secrets redacted.
Tokens, passwords and secret values never appear in its logs, report or recordings.
${verifying(ops)}`;
}

/** For the vendor's own team and for partners who run a service behind this description: what verify asks. */
function verifying(ops) {
  const destructive = ops.filter((o) => o.operation.destructive).map((o) => code(o.operationId));
  const guarded = destructive.length > 0 ? ` Operations that delete, terminate or change credentials (${destructive.join(', ')}) run only with ${code('--include-destructive')}; otherwise the report lists them as skipped.` : '';
  return `
## Verifying an implementation against this description
Whether you run this API yourself or build a service behind the same description, ${code('verify')} asks it the
questions this description implies, without waiting for traffic: per operation the documented examples, valid
requests generated from the request rules, requests that each break one rule (which must get the operation's
invalid-input error in its error shape, never a 2xx or 5xx) and requests without a token (401). It follows the
links between operations (a created MCP server reads back by its id), walks every paginated list to its end and
repeats a delete. Every answer is checked like the proxy's: documented status, content type, documented headers
and schema.

\`\`\`sh
VENDOR_API_TOKEN=... npx @vendor/api-mock verify --base-url https://api.vendor.example --gateway-base-url https://gateway.vendor.example --report report.json --junit junit.xml
\`\`\`

The token is read from ${code('VENDOR_API_TOKEN')} only and appears in no output. Each finding names the operation,
the check and the rule, with the smallest request that shows it as a ${code('curl')} line. The exit status is 0
without findings and 1 with them, so it runs in CI as it is; each run prints the number that replays it exactly.${guarded}
`;
}

function sharedSandbox() {
  return `## Limits of the shared sandbox
The sandbox (${code('npx @vendor/api-mock --sandbox')}) keeps state per tenant. Hosted for many partners, it runs
with ${code('--shared')}, so that no single partner can take it down: each tenant may send 25 reads and 25 writes a
second (bursts up to 50), keep 1000 records of each kind and 10 MB of records, and is forgotten after 7 days idle.
Each limit has its own flag (${code('--rate-limit')}, ${code('--max-records')}, ${code('--max-tenant-bytes')},
${code('--tenant-ttl')}); a local sandbox has none. ${code('GET /_sandbox/health')} shows the limits in force.

- **Over the rate**, a request is answered ${code('429')} in the operation's own error shape with ${code('Retry-After')}
  (seconds), after a pause of up to a second, and changes nothing. Every answer carries ${code('RateLimit-Limit')} (the burst),
  ${code('RateLimit-Remaining')} and ${code('RateLimit-Reset')} (seconds until a full burst is allowed again). The
  client retries a 429 of an idempotent operation after ${code('Retry-After')}.
- **Over a quota**, a write that would add a record is answered ${code('403')} in the operation's error shape, with a
  message naming the quota and its size, and changes nothing. Updates and deletes are always allowed, and
  ${code('POST /_sandbox/reset')} frees everything.
`;
}

function samples(ops) {
  const paginated = ops.filter((o) => o.pagination !== undefined).map((o) => code(o.operationId));
  const iterators = paginated.length > 0 ? ` The paginated operations (${paginated.join(', ')}) are shown with the client's iterator, which follows the pages for you.` : '';
  return `## Code samples
Every operation shows a TypeScript sample (${code('@vendor/api-client')}) and a curl sample, generated from
the operation's request examples and type-checked against the client on every test run. **TypeScript** and
**curl** send the first request example; an operation with more named examples lists one more entry per
example (named by its summary) in the sample's language menu.${iterators}
`;
}

/** Where the console is, first thing on the landing page (issue 40: a reader did not find it there). */
export const CONSOLE_PATH = '/console';
export function consoleLead() {
  return `**[Try it in the console](${CONSOLE_PATH})**: send any operation from your browser, pre-filled from its examples, to a sandbox or your own server; each operation below links to its place there.`;
}

function tryIt() {
  return `## Trying it
- [Try it in the console](${CONSOLE_PATH}): every operation, pre-filled from its examples; **Test Request** sends it at once.
- [What changed](/${SITE_PAGES.changes}) since the last released version, every change by operation with its level.
- For tools and coding assistants: [llms.txt](/${SITE_PAGES.llms}) (the API in a paragraph and a link per operation
  and per shape), [llms-full.txt](/${SITE_PAGES.llmsFull}) (every page in one file), one Markdown page per operation,
  and one per shape (an object or a union) that those pages link instead of repeating it.
- The OpenAPI document: [JSON](/${DOWNLOADS.openapiJson}) or [YAML](/${DOWNLOADS.openapiYaml}); as OpenAPI 3.0.3, for tools
  that read only 3.0: [JSON](/${DOWNLOADS.openapi30Json}) or [YAML](/${DOWNLOADS.openapi30Yaml}).
- [Use the API from another language](/${SITE_PAGES.otherLanguages}): tested recipes that generate a client in Go
  (oapi-codegen) and Java (openapi-generator), one per address space.
- A [Postman collection](/${DOWNLOADS.postmanCollection}) of every operation with its examples, and an
  [environment](/${DOWNLOADS.postmanEnvironment}) with the variables ${code('baseUrl')}, ${code('gatewayBaseUrl')}
  and ${code('token')}. The environment points both base URLs at the mock on ${code('http://127.0.0.1:4010')}
  (see Running the mock); set them to your hosts and your token to call the API. Newman runs it too:
  ${code(`npx newman run platform-api.postman_collection.json -e platform-api-mock.postman_environment.json`)}.
`;
}

/**
 * Whom to ask, from `info.contact`: its e-mail address as a mailto link, which opens the reader's mail program.
 * Redoc lists the contact in a side panel that is easy to miss; without an address there is no section.
 */
function support(info) {
  const email = info?.contact?.email;
  if (!email) return undefined;
  const team = info.contact.name ? ` (${info.contact.name})` : '';
  return `## Support
Questions about this API, this reference or the mock: e-mail [${email}](mailto:${email})${team}.
`;
}

/**
 * @param {import('./operations.mjs').SampleOperation[]} ops
 * @param {Record<string, any>} [info] the document's `info` (its contact)
 */
export function introduction(ops, info) {
  return [baseUrls(ops), errorShapes(ops), pagination(ops), mock(ops), sharedSandbox(), samples(ops), tryIt(), useFromAnAgent(ops), support(info)].filter(Boolean).join('\n');
}
