// The docs for tools that read them for their users (coding assistants): /llms.txt (the API in a paragraph,
// then a link per operation, as llmstxt.org describes), /llms-full.txt (every operation page in one file) and one
// Markdown page per operation with its method, path, server, parameters, request and response fields with
// their rules, error shape, and the same TypeScript, Python and curl samples as the reference. A named shape (an
// object or a union of the contract) is linked to its own page (schema-pages.mjs) rather than repeated. Read through
// the spec model (listOperations); every link points at a file of the build.
import { pythonMethodName } from '../../../lib/python-names.mjs';
import { DOWNLOADS, SAMPLE_LANGUAGES, SITE_PAGES } from './constants.mjs';
import { SHAPE_SCHEMAS } from './introduction.mjs';
import { code, fieldsTable, table } from './markdown.mjs';
import { oneLine, rulesOf, shapeName, typeLabel } from './schema-fields.mjs';

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

/**
 * A media type's schema as written: a reference to where the media type names it (which may itself be a `$ref`
 * to a shape), so that the shape is named; the model's `schema` has its `$ref` followed already.
 */
function writtenSchema(content) {
  return content.schemaPointer === undefined ? content.schema : { $ref: content.schemaPointer };
}

/**
 * A body: its media type, then the table of its fields. A body that is a shape (an error body, a response
 * envelope) names it with its link; when an earlier body of the page had the same shape, the link is all.
 * @param {Set<string>} stated the shapes whose fields the page already shows
 */
function bodyLines(document, content, direction, linkShape, { lead, stated }) {
  const schema = writtenSchema(content);
  const name = shapeName(document, schema);
  const media = `${code(content.mediaType)}${lead}`;
  if (name === undefined) return [`${media}:`, '', ...fieldsTable(document, schema, direction, linkShape)];
  if (stated.has(name)) return [`${media}: ${typeLabel(document, schema, linkShape)}, fields as above.`];
  stated.add(name);
  return [`${media}: ${typeLabel(document, schema, linkShape)}, with these fields:`, '', ...fieldsTable(document, schema, direction, linkShape)];
}

function parametersSection(document, op, linkShape) {
  const parameters = op.operation.parameters;
  if (parameters.length === 0) return ['## Parameters', '', 'None.'];
  const rows = parameters.map((p) => [code(p.name), p.in, typeLabel(document, p.schema, linkShape), p.required ? 'yes' : 'no', rulesOf(document, p.schema).concat(p.definition.deprecated ? ['deprecated'] : []).join('; '), `${oneLine(p.description)}${p.example === undefined ? '' : ` Example: ${code(JSON.stringify(p.example))}.`}`.trim()]);
  return ['## Parameters', '', ...table(['Name', 'In', 'Type', 'Required', 'Rules', 'Description'], rows)];
}

function requestBodySection(document, op, linkShape) {
  const body = op.operation.requestBody;
  if (!body) return ['## Request body', '', 'None.'];
  const lines = ['## Request body', ''];
  if (body.description) lines.push(oneLine(body.description), '');
  for (const content of body.content) {
    lines.push(...bodyLines(document, content, 'request', linkShape, { lead: `, ${body.required ? 'required' : 'optional'}`, stated: new Set() }), '');
  }
  return lines;
}

function responsesSection(document, op, linkShape) {
  const lines = ['## Responses'];
  const stated = new Set();
  for (const response of op.operation.responses) {
    lines.push('', `### ${response.status}: ${oneLine(response.description)}`);
    for (const header of response.headers) lines.push('', `Header ${code(header.name)} (${typeLabel(document, header.schema, linkShape)}): ${oneLine(header.description)}`);
    for (const content of response.content) lines.push('', ...bodyLines(document, content, 'response', linkShape, { lead: '', stated }));
  }
  return lines;
}

function errorsSection(op, linkShape) {
  const shape = op.operation.errorShape;
  return [
    '## Errors',
    '',
    `Every error body of this operation, also for statuses not listed above (such as 401 without a valid token), has the ${code(shape)} shape: ${linkShape(SHAPE_SCHEMAS[shape])}. Invalid input is answered with ${op.operation.invalidInputStatus}.`,
  ];
}

/**
 * The first sample in each language of SAMPLE_LANGUAGES, in that order; then each further documented request body
 * once, as JSON: the samples of those bodies differ from the first only in the body, so a page read whole states
 * each body once rather than once per language (the reference's menus still hold every sample).
 */
function samplesSection(op, samples) {
  const [first, ...others] = samples;
  const lines = ['## Samples'];
  for (const language of SAMPLE_LANGUAGES) {
    lines.push('', `### ${language.label}`, '', `\`\`\`${language.fence}`, first[language.key].trimEnd(), '```');
  }
  if (others.length === 0) return lines;
  lines.push('', '### Other request bodies', '', 'Each is another documented body of this operation: send it as the body of the samples above.');
  for (const sample of others) {
    const body = op.bodies.find((candidate) => candidate.exampleName === sample.exampleName);
    lines.push('', `#### ${sample.labelSuffix}`, '', '```json', JSON.stringify(body.value, null, 2), '```');
  }
  return lines;
}

/** The facts of an operation as list lines: server, authentication, retries, paging, deprecation. */
function factLines(op) {
  const operation = op.operation;
  const space = op.addressSpace === 'gateway' ? 'the gateway' : 'the control plane';
  const lines = [`- Address space: ${space}. Server:`, ...serverLines(op).map((line) => `  ${line}`)];
  lines.push('- Authentication: `Authorization: Bearer <token>`.');
  lines.push(`- Retries: ${operation.idempotent ? 'safe to retry (the TypeScript and Python clients retry it on 408, 429, 5xx and network errors)' : 'not safe to repeat; the TypeScript and Python clients never retry it'}.`);
  if (operation.pagination) lines.push(`- Pages: ${operation.pagination.style === 'page-token' ? `by token (${code(operation.pagination.tokenParameter)})` : `by offset (${code(operation.pagination.offsetParameter)})`}; the TypeScript client's ${code(operation.pagination.iteratorName)} and iterating the Python SDK's ${code(pythonMethodName(op.operationId))} follow them.`);
  if (operation.deprecated) lines.push(`- **Deprecated**${operation.sunset ? `: may be removed from ${operation.sunset}` : ''}.`);
  return lines;
}

/**
 * The Markdown page of one operation.
 * @param {ReturnType<import('./schema-pages.mjs').createShapeIndex>} shapes records the shapes the page links
 */
export function operationPage(document, op, samples, shapes) {
  const operation = op.operation;
  const linkShape = shapes.linkerFor({ name: op.operationId, title: op.operationId, path: SITE_PAGES.operation(op.operationId) });
  const title = operation.summary ? `${operation.summary} (${code(op.operationId)})` : code(op.operationId);
  const lines = [`# ${title}`, '', `${code(`${op.method.toUpperCase()} ${op.path}`)}`, '', ...factLines(op), ''];
  if (operation.description) lines.push(operation.description.trim(), '');
  lines.push(...parametersSection(document, op, linkShape), '');
  lines.push(...requestBodySection(document, op, linkShape), '');
  lines.push(...responsesSection(document, op, linkShape), '');
  lines.push(...errorsSection(op, linkShape), '');
  lines.push(...samplesSection(op, samples), '');
  lines.push('---', '', `[All operations](/${SITE_PAGES.llms}) · [Reference](/) · [OpenAPI document](/${DOWNLOADS.openapiJson}) · [What changed](/${SITE_PAGES.changesMarkdown})`, '');
  return lines.join('\n');
}

/** The paragraph about the whole API that opens llms.txt and llms-full.txt. */
function about(document, ops) {
  const info = document.info ?? {};
  const gatewayOps = ops.filter((op) => op.addressSpace === 'gateway');
  const gateway = gatewayOps.length;
  const urlOf = (op) => (op?.servers[0]?.url === undefined ? '(none)' : code(op.servers[0].url));
  const controlPlaneUrl = urlOf(ops.find((op) => op.addressSpace !== 'gateway'));
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

/**
 * /llms.txt: the paragraph, a link per operation, a link per shape the operation pages link (schema-pages.mjs),
 * then the other files.
 * @param {{ hasChanges: boolean, shapes: string[] }} options
 */
export function llmsTxt(document, ops, { hasChanges, shapes }) {
  const links = ops.map((op) => `- [${op.operation.summary ?? op.operationId} (${op.operationId})](/${SITE_PAGES.operation(op.operationId)}): ${code(`${op.method.toUpperCase()} ${op.path}`)}, ${op.addressSpace === 'gateway' ? 'gateway' : 'control plane'}${op.operation.deprecated ? ', deprecated' : ''}`);
  const optional = [
    `- [Every operation in one file](/${SITE_PAGES.llmsFull})`,
    ...(hasChanges ? [`- [What changed since the last release](/${SITE_PAGES.changesMarkdown})`] : []),
    `- [OpenAPI document (JSON)](/${DOWNLOADS.openapiJson})`,
    `- [OpenAPI document (YAML)](/${DOWNLOADS.openapiYaml})`,
  ];
  const shapeLinks = shapes.map((name) => `- [${name}](/${SITE_PAGES.schema(name)})`);
  const shapesIntro = 'Objects and unions the operation pages link instead of repeating them, each stated once with its fields:';
  return [...about(document, ops), '', '## Operations', '', ...links, '', '## Shapes', '', shapesIntro, '', ...shapeLinks, '', '## Optional', '', ...optional, ''].join('\n');
}

/** /llms-full.txt: the paragraph, then every operation page, then every shape page. */
export function llmsFullTxt(document, ops, pages, shapePages) {
  return [...about(document, ops), '', ...ops.map((op) => pages.get(op.operationId)), ...shapePages.map((page) => page.content)].join('\n\n---\n\n');
}
