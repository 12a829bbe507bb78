// The docs for tools that read them for their users (coding assistants): /llms.txt (the API in a paragraph,
// then a link per operation, as llmstxt.org describes), /llms-full.txt (every operation page in one file) and one
// Markdown page per operation with its method, path, server, parameters, request and response fields with
// their rules, error shape, and the same TypeScript, Python and curl samples as the reference. Read through the spec
// model (listOperations); every link points at a file of the build.
import { pythonMethodName } from '../../../scripts/lib/python-names.mjs';
import { DOWNLOADS, SITE_PAGES } from './constants.mjs';
import { SHAPE_SCHEMAS } from './introduction.mjs';
import { fieldRows, oneLine, rulesOf, typeLabel } from './schema-fields.mjs';

const code = (text) => `\`${text}\``;
const cell = (text) => (text === '' || text === undefined ? '' : String(text).replace(/\|/g, '\\|'));

/** The server lines of an operation: each URL with its variables (default, allowed values, description). */
function serverLines(op) {
  return op.servers.map((server) => {
    const variables = Object.entries(server.variables ?? {}).map(([name, variable]) => {
      const allowed = Array.isArray(variable.enum) ? `, one of ${variable.enum.map(code).join(', ')}` : '';
      return `${code(name)} (default ${code(variable.default)}${allowed})`;
    });
    const description = server.description ? ` ${oneLine(server.description)}` : '';
    return `- ${code(server.url)}${variables.length ? `; variables: ${variables.join(', ')}` : ''}.${description}`;
  });
}

function table(header, rows) {
  if (rows.length === 0) return [];
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`)];
}

function fieldsTable(document, schema, direction) {
  const rows = fieldRows(document, schema, direction).map((row) => [code(row.field), row.type, row.required ? 'yes' : 'no', row.rules.join('; '), row.description]);
  return table(['Field', 'Type', 'Required', 'Rules', 'Description'], rows);
}

function parametersSection(document, op) {
  const parameters = op.operation.parameters;
  if (parameters.length === 0) return ['## Parameters', '', 'None.'];
  const rows = parameters.map((p) => [code(p.name), p.in, typeLabel(document, p.schema), p.required ? 'yes' : 'no', rulesOf(document, p.schema).concat(p.definition.deprecated ? ['deprecated'] : []).join('; '), `${oneLine(p.description)}${p.example === undefined ? '' : ` Example: ${code(JSON.stringify(p.example))}.`}`.trim()]);
  return ['## Parameters', '', ...table(['Name', 'In', 'Type', 'Required', 'Rules', 'Description'], rows)];
}

function requestBodySection(document, op) {
  const body = op.operation.requestBody;
  if (!body) return ['## Request body', '', 'None.'];
  const lines = ['## Request body', ''];
  if (body.description) lines.push(oneLine(body.description), '');
  for (const content of body.content) {
    lines.push(`${code(content.mediaType)}, ${body.required ? 'required' : 'optional'}.`, '', ...fieldsTable(document, content.schema, 'request'), '');
  }
  return lines;
}

function responsesSection(document, op) {
  const lines = ['## Responses'];
  for (const response of op.operation.responses) {
    lines.push('', `### ${response.status}: ${oneLine(response.description)}`);
    for (const header of response.headers) lines.push('', `Header ${code(header.name)} (${typeLabel(document, header.schema)}): ${oneLine(header.description)}`);
    for (const content of response.content) lines.push('', `${code(content.mediaType)}:`, '', ...fieldsTable(document, content.schema, 'response'));
  }
  return lines;
}

function errorsSection(op) {
  const shape = op.operation.errorShape;
  return [
    '## Errors',
    '',
    `Every error body of this operation, also for statuses not listed above (such as 401 without a valid token), has the ${code(shape)} shape: ${code(SHAPE_SCHEMAS[shape])}. Invalid input is answered with ${op.operation.invalidInputStatus}.`,
  ];
}

function samplesSection(samples) {
  const lines = ['## Samples'];
  for (const sample of samples) {
    const suffix = sample.labelSuffix ? `: ${sample.labelSuffix}` : '';
    lines.push('', `### TypeScript${suffix}`, '', '```ts', sample.typescript.trimEnd(), '```');
    lines.push('', `### Python${suffix}`, '', '```python', sample.python.trimEnd(), '```');
    lines.push('', `### curl${suffix}`, '', '```sh', sample.curl.trimEnd(), '```');
  }
  return lines;
}

/** The facts of an operation as list lines: server, authentication, retries, paging, deprecation. */
function factLines(op) {
  const operation = op.operation;
  const space = op.space === 'gateway' ? 'the gateway' : 'the control plane';
  const lines = [`- Address space: ${space}. Server:`, ...serverLines(op).map((line) => `  ${line}`)];
  lines.push('- Authentication: `Authorization: Bearer <token>`.');
  lines.push(`- Retries: ${operation.idempotent ? 'safe to retry (the TypeScript and Python clients retry it on 408, 429, 5xx and network errors)' : 'not safe to repeat; the TypeScript and Python clients never retry it'}.`);
  if (operation.pagination) lines.push(`- Pages: ${operation.pagination.style === 'page-token' ? `by token (${code(operation.pagination.tokenParameter)})` : `by offset (${code(operation.pagination.offsetParameter)})`}; the TypeScript client's ${code(operation.pagination.iteratorName)} and iterating the Python SDK's ${code(pythonMethodName(op.operationId))} follow them.`);
  if (operation.deprecated) lines.push(`- **Deprecated**${operation.sunset ? `: may be removed from ${operation.sunset}` : ''}.`);
  return lines;
}

/** The Markdown page of one operation. */
export function operationPage(document, op, samples) {
  const operation = op.operation;
  const title = operation.summary ? `${operation.summary} (${code(op.operationId)})` : code(op.operationId);
  const lines = [`# ${title}`, '', `${code(`${op.method.toUpperCase()} ${op.path}`)}`, '', ...factLines(op), ''];
  if (operation.description) lines.push(operation.description.trim(), '');
  lines.push(...parametersSection(document, op), '');
  lines.push(...requestBodySection(document, op), '');
  lines.push(...responsesSection(document, op), '');
  lines.push(...errorsSection(op), '');
  lines.push(...samplesSection(samples), '');
  lines.push('---', '', `[All operations](/${SITE_PAGES.llms}) · [Reference](/) · [OpenAPI document](/${DOWNLOADS.openapiJson}) · [What changed](/${SITE_PAGES.changesMarkdown})`, '');
  return lines.join('\n');
}

/** The paragraph about the whole API that opens llms.txt and llms-full.txt. */
function about(document, ops) {
  const info = document.info ?? {};
  const gatewayOps = ops.filter((op) => op.space === 'gateway');
  const gateway = gatewayOps.length;
  const urlOf = (op) => (op?.servers[0]?.url === undefined ? '(none)' : code(op.servers[0].url));
  const controlPlaneUrl = urlOf(ops.find((op) => op.space !== 'gateway'));
  const gatewayUrl = urlOf(gatewayOps[0]);
  return [
    `# ${info.title}`,
    '',
    `> ${oneLine(info.summary ?? info.title)}`,
    '',
    `Version ${info.version}. ${ops.length} operations in two address spaces: ${ops.length - gateway} on the control plane (base URL ${controlPlaneUrl}) and ${gateway} on the gateway (${gatewayUrl}). ` +
      `Every request carries ${code('Authorization: Bearer <token>')}. Request and response bodies are JSON. Each operation answers errors in one of three shapes ` +
      `(${Object.entries(SHAPE_SCHEMAS).map(([shape, schema]) => `${code(shape)}: ${code(schema)}`).join(', ')}). ` +
      `The TypeScript client is ${code('@vendor/api-client')}; the Python SDK is ${code('vendor-api')} (import ${code('vendor_api')}, methods named by operationId in snake_case); a mock and a stateful sandbox are ${code('npx @vendor/api-mock')}.`,
  ];
}

/** /llms.txt: the paragraph, a link per operation, then the other files. */
export function llmsTxt(document, ops, { hasChanges }) {
  const links = ops.map((op) => `- [${op.operation.summary ?? op.operationId} (${op.operationId})](/${SITE_PAGES.operation(op.operationId)}): ${code(`${op.method.toUpperCase()} ${op.path}`)}, ${op.space === 'gateway' ? 'gateway' : 'control plane'}${op.operation.deprecated ? ', deprecated' : ''}`);
  const optional = [
    `- [Every operation in one file](/${SITE_PAGES.llmsFull})`,
    ...(hasChanges ? [`- [What changed since the last release](/${SITE_PAGES.changesMarkdown})`] : []),
    `- [OpenAPI document (JSON)](/${DOWNLOADS.openapiJson})`,
    `- [OpenAPI document (YAML)](/${DOWNLOADS.openapiYaml})`,
  ];
  return [...about(document, ops), '', '## Operations', '', ...links, '', '## Optional', '', ...optional, ''].join('\n');
}

/** /llms-full.txt: the paragraph, then every operation page. */
export function llmsFullTxt(document, ops, pages) {
  return [...about(document, ops), '', ...ops.map((op) => pages.get(op.operationId))].join('\n\n---\n\n');
}
