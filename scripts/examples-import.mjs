#!/usr/bin/env node
// What the validation proxy recorded (`--record DIR`), as YAML to paste into openapi/spec.yaml.
//
//   npm run -s examples:import -- DIR             against openapi/spec.yaml
//   node scripts/examples-import.mjs DIR --spec F  against another spec file
//
// DIR holds DIR/<operationId>/<status>/<name>.json, each an OpenAPI Example Object (summary, value, x-request).
// For each operation and status it prints one YAML document: comment lines saying where in the spec it goes
// (e.g. paths./api/svc/v1/teams/{id}.get.responses.200.content.application/json.examples, and the line), then
// the examples map to paste there. It edits nothing. Warnings go to stderr, so stdout is only YAML.
// Exit 0: printed. Exit 2: no DIR, a DIR that is missing, not a directory or without examples, or an unreadable spec.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Document, LineCounter, Scalar, isMap, isScalar, parse, parseDocument, visit } from 'yaml';
import { buildSpecModelIfMissing } from './lib/spec-model-built.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_SPEC = path.join(repoRoot, 'openapi/spec.yaml');
const NAME = 'examples:import';
const USAGE = `usage: npm run -s ${NAME} -- DIR [--spec FILE]`;

/** A problem with what the script was given: said in one line, exit 2, no stack trace. */
class InputError extends Error {}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
// Where an operation's responses are is @vendor/spec-model's to say (its dist/); a clone that has not built it
// builds it first.
if (isMain) buildSpecModelIfMissing(NAME, 2);
const { SpecModelError, createSpecModel, decodePointer, getAtPointer, jsonContentOf, responseFor } = await import('@vendor/spec-model');
if (isMain) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      process.exitCode = reportError(error);
    },
  );
}

/** One line, never a stack trace: exit 2 for what the script was given, 1 for anything else. */
function reportError(error) {
  if (error instanceof InputError) {
    process.stderr.write(`${NAME}: ${error.message}\n`);
    return 2;
  }
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${NAME}: failed: ${message}\n`);
  return 1;
}

async function main(argv) {
  const { dir, specFile } = readArgs(argv);
  const recordings = await readRecordings(dir);
  const spec = await readSpec(specFile);
  const blocks = recordings.map((recording) => renderBlock(recording, placeOf(spec, recording)));
  process.stdout.write(blocks.join('---\n'));
  return 0;
}

function readArgs(argv) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { spec: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    throw new InputError(`${error.message}\n${USAGE}`);
  }
  if (parsed.values.help) {
    process.stdout.write(`${USAGE}\nPrints, per operation and status, the recorded examples in DIR as YAML to paste under the response's examples:.\n`);
    process.exit(0);
  }
  if (parsed.positionals.length !== 1) throw new InputError(`give one directory, the one --record wrote\n${USAGE}`);
  return { dir: parsed.positionals[0], specFile: parsed.values.spec ?? DEFAULT_SPEC };
}

// ---------------------------------------------------------------- the recorded files

/**
 * The examples in DIR, per operation and status, sorted by operationId, status and number (recorded-2 before
 * recorded-10). Files that are not examples are warned about and left out.
 * @returns {Promise<{operationId: string, status: string, examples: {name: string, file: string, example: Record<string, unknown>}[]}[]>}
 */
async function readRecordings(dir) {
  await requireDirectory(dir);
  const recordings = [];
  for (const operationDir of await subdirectories(dir)) {
    for (const status of await subdirectories(path.join(dir, operationDir))) {
      if (!/^\d{3}$/.test(status)) continue;
      const examples = await readExamples(path.join(dir, operationDir, status));
      if (examples.length > 0) recordings.push({ operationId: operationIdOf(operationDir), status, examples });
    }
  }
  if (recordings.length === 0) throw new InputError(`${dir} holds no recorded examples (expected ${path.join(dir, '<operationId>', '<status>', '<name>.json')}, as --record writes them)`);
  return recordings;
}

async function requireDirectory(dir) {
  let stats;
  try {
    stats = await stat(dir);
  } catch (error) {
    if (error.code === 'ENOENT') throw new InputError(`${dir} does not exist: give the directory the proxy's --record wrote`);
    throw new InputError(`cannot read ${dir}: ${error.message}`);
  }
  if (!stats.isDirectory()) throw new InputError(`${dir} is not a directory: give the directory the proxy's --record wrote`);
}

async function subdirectories(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort(compareNatural);
}

/** The recorder escapes an operationId that is not plain (exchange-recorder.ts, directoryName). */
function operationIdOf(directoryName) {
  try {
    return decodeURIComponent(directoryName);
  } catch {
    return directoryName;
  }
}

async function readExamples(statusDir) {
  const names = (await readdir(statusDir)).filter((name) => name.endsWith('.json')).sort(compareNatural);
  const examples = [];
  for (const name of names) {
    const file = path.join(statusDir, name);
    const example = await readExample(file);
    if (example !== undefined) examples.push({ name: name.slice(0, -'.json'.length), file, example });
  }
  return examples;
}

async function readExample(file) {
  let example;
  try {
    example = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    warn(`${file} is left out: not JSON (${error.message})`);
    return undefined;
  }
  const isExample = isPlainObject(example) && 'value' in example;
  if (!isExample) {
    warn(`${file} is left out: not an example object (no "value")`);
    return undefined;
  }
  return withoutAuthorization(file, example);
}

/** The recorder never writes Authorization; a file that has it was edited or made otherwise. It is not printed. */
function withoutAuthorization(file, example) {
  const request = example['x-request'];
  if (!isPlainObject(request) || !isPlainObject(request.headers)) return example;
  const names = Object.keys(request.headers);
  const credentialNames = names.filter((name) => name.toLowerCase() === 'authorization');
  if (credentialNames.length === 0) return example;
  warn(`${file} has an authorization header: it is left out below; delete it from the file`);
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !credentialNames.includes(name)));
  return { ...example, 'x-request': { ...request, headers } };
}

// ---------------------------------------------------------------- where it goes in the spec

async function readSpec(specFile) {
  let text;
  try {
    text = await readFile(specFile, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read the spec ${specFile}: ${error.message}`);
  }
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter });
  if (document.errors.length > 0) throw new InputError(`${specFile} is not valid YAML: ${document.errors[0].message}`);
  return { file: specFile, document, lineCounter, model: readModel(specFile, document.toJS()) };
}

function readModel(specFile, root) {
  try {
    return createSpecModel(root);
  } catch (error) {
    if (error instanceof SpecModelError) throw new InputError(`cannot read the spec ${specFile}: ${error.message}`);
    throw error;
  }
}

/**
 * Where the examples of one operation and status go: the keys down to the media type's `examples`, the line to
 * look at, and what the reader must know first (a response to add, one shared with other operations).
 * Examples go where the response is written, so a response used through a `$ref` is edited at its target.
 * @returns {{ file: string, label: string, segments: string[] | undefined, line: number | undefined, notes: string[], existingNames: string[] }}
 */
function placeOf(spec, { operationId, status }) {
  const place = { file: spec.file, label: operationId, segments: undefined, line: undefined, notes: [], existingNames: [] };
  const operation = spec.model.operations.find((candidate) => candidate.operationId === operationId);
  if (operation === undefined) {
    warn(`operation ${operationId} is not in ${displayPath(spec.file)}: nowhere to paste its examples`);
    place.notes.push(`operation ${operationId} is not in ${displayPath(spec.file)}: nowhere to paste these`);
    return place;
  }
  place.label = `${operationId} (${operation.method.toUpperCase()} ${operation.path})`;
  const operationSegments = decodePointer(operation.pointer);
  const response = responseFor(operation, Number(status));
  if (response === undefined) {
    place.segments = [...operationSegments, 'responses', status, 'content', 'application/json', 'examples'];
    place.line = keyLine(spec, [...operationSegments, 'responses']);
    place.notes.push(`${status} is not documented for ${operationId}: add a '${status}' response (description, application/json schema) first`);
    return place;
  }
  if (response.status !== status) place.notes.push(`${status} is documented as ${response.status}`);
  const isReferenced = response.usedAt !== response.pointer;
  if (isReferenced) place.notes.push(sharedNote(spec.model, response.pointer, operationId));
  const responseSegments = decodePointer(response.pointer);
  const json = jsonContentOf(response.content);
  if (json === undefined) {
    place.segments = [...responseSegments, 'content', 'application/json', 'examples'];
    place.line = keyLine(spec, responseSegments);
    place.notes.push(`the ${response.status} response documents no JSON body: add content.application/json with a schema first`);
    return place;
  }
  const mediaSegments = decodePointer(json.pointer);
  const examples = getAtPointer(spec.model.document, json.pointer).examples;
  place.segments = [...mediaSegments, 'examples'];
  if (isPlainObject(examples)) {
    place.existingNames = Object.keys(examples);
    place.line = keyLine(spec, place.segments);
  } else {
    place.line = keyLine(spec, mediaSegments);
    place.notes.push(`${json.mediaType} has no examples: yet; add the key and paste under it`);
  }
  return place;
}

/** A component response shows its examples on every operation that refers to it: the reader should know which. */
function sharedNote(model, responsePointer, operationId) {
  const refersToIt = (operation) => operation.responses.some((response) => response.pointer === responsePointer && response.usedAt !== responsePointer);
  const others = model.operations
    .filter((operation) => operation.operationId !== operationId && refersToIt(operation))
    .map((operation) => operation.operationId)
    .sort();
  if (others.length === 0) return `the response is ${responsePointer}`;
  return `the response is ${responsePointer}, shared with ${others.join(', ')}: examples there show for all of them`;
}

/** The 1-based line of the last key of `segments` in the spec file, if it is there. */
function keyLine(spec, segments) {
  const parent = segments.length > 1 ? spec.document.getIn(segments.slice(0, -1)) : spec.document.contents;
  if (!isMap(parent)) return undefined;
  const last = segments.at(-1);
  const pair = parent.items.find((item) => isScalar(item.key) && String(item.key.value) === last);
  if (pair?.key?.range === undefined) return undefined;
  return spec.lineCounter.linePos(pair.key.range[0]).line;
}

// ---------------------------------------------------------------- the YAML printed

function renderBlock(recording, place) {
  const { status, examples } = recording;
  const count = examples.length === 1 ? '1 recorded example' : `${examples.length} recorded examples`;
  const lines = [`# ${place.label} ${status}: ${count}`];
  if (place.segments !== undefined) {
    const at = place.line === undefined ? '' : ` (${displayPath(place.file)} line ${place.line})`;
    lines.push(`# paste under ${place.segments.join('.')}${at}`);
  }
  for (const note of place.notes) lines.push(`# note: ${note}`);
  for (const { name } of examples) {
    if (place.existingNames.includes(name)) lines.push(`# note: ${name} is already an example name there: rename the file or the key before pasting`);
  }
  for (const { name, example } of examples) {
    const findings = example['x-findings'];
    if (Array.isArray(findings) && findings.length > 0) lines.push(`# note: ${name} broke the contract (${findings.join('; ')}): redocly lint checks examples against the schema`);
  }
  const map = Object.fromEntries(examples.map(({ name, example }) => [name, withoutFindings(example)]));
  return `${lines.join('\n')}\n${yamlText(map)}`;
}

/** The findings are for the reader (a comment above), not for the spec. */
function withoutFindings(example) {
  const { 'x-findings': _findings, ...rest } = example;
  return rest;
}

/**
 * The examples map as YAML in the spec's style: no folded lines, single quotes. A one-line string that a YAML reader
 * could take for something else (a date or `yes` under YAML 1.1, 0o7 under 1.2) is quoted, so it stays a string.
 */
function yamlText(value) {
  const document = new Document(value, { aliasDuplicateObjects: false });
  visit(document, {
    Scalar(_key, node) {
      const mustQuote = typeof node.value === 'string' && !node.value.includes('\n') && readsAsOtherThanString(node.value);
      if (mustQuote) node.type = Scalar.QUOTE_SINGLE;
    },
  });
  return document.toString({ lineWidth: 0, singleQuote: true });
}

function readsAsOtherThanString(text) {
  try {
    return parse(text, { schema: 'core' }) !== text || parse(text, { version: '1.1' }) !== text;
  } catch {
    return true;
  }
}

// ---------------------------------------------------------------- small helpers

function displayPath(file) {
  const relative = path.relative(process.cwd(), file);
  if (relative.startsWith('..')) return file;
  return relative;
}

function compareNatural(a, b) {
  return a.localeCompare(b, 'en', { numeric: true });
}

function isPlainObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function warn(line) {
  process.stderr.write(`${NAME}: warning: ${line}\n`);
}
