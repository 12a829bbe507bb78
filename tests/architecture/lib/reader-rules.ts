// What it looks like when code reads the contract beside @vendor/spec-model: the telltale patterns of the four
// questions only the model may answer. Each rule is precise enough that ordinary code (a `$ref` key in a
// fixture, a pointer written as text, a pointer built with childPointer) does not match it.

export interface ReaderRule {
  id: 'decodes-pointer' | 'resolves-ref' | 'http-methods' | 'response-for-status';
  /** what the code does, and what to use instead */
  says: string;
  /** the telltale patterns, each matched against the whole source (the `g` flag is added when scanning) */
  patterns: RegExp[];
}

/** An element that is a quoted HTTP method, in any case. */
const METHOD_ELEMENT = /^(['"`])(get|put|post|delete|options|head|patch|trace)\1$/i;

/** Fewer methods than this in one array literal is a route's own list (`['GET', 'HEAD']`), not the methods of a path item. */
const METHOD_LIST_LENGTH = 3;

export const READER_RULES: readonly ReaderRule[] = [
  {
    id: 'decodes-pointer',
    says: 'decodes a JSON pointer itself: use decodePointer or getAtPointer from @vendor/spec-model',
    patterns: [
      // Unescaping reference tokens: `.replace(/~1/g, '/')`, `.replaceAll('~0', '~')`, `.split(/~[01]/)`.
      /\.(?:replace|replaceAll|split)\(\s*(?:\/(?:[^/\\\n]|\\.)*~[[(]?[01](?:[^/\\\n]|\\.)*\/[a-z]*|(['"`])~[01]\1)/,
      // Splitting a `$ref` or a pointer into its tokens: `ref.slice(2).split('/')`, `variant.$ref.split('/')`.
      /(?:\$ref|\bref|[pP]ointer)\w*\s*(?:\.(?:slice|substring)\([^)]*\)\s*)?\.split\(\s*(['"`])\/\1\s*\)/,
    ],
  },
  {
    id: 'resolves-ref',
    says: 'follows a $ref itself: use resolveRef or followRef from @vendor/spec-model (or the model parts, which are followed)',
    patterns: [
      // Looking up what a reference names: `getAtPointer(doc, ref)`, `decodePointer(node.$ref)`.
      /\b(?:getAtPointer|decodePointer)\([^()]*?(?:\$ref\b|\bref\b)/,
      // A loop along a chain of references: `while (typeof current.$ref === 'string')`.
      /\bwhile\s*\([^\n]*\$ref\b/,
      // Telling a local reference from another document's before following it: `ref.startsWith('#/')`.
      /(?:\$ref|\bref)\s*\.startsWith\(\s*(['"`])#/,
    ],
  },
  {
    id: 'http-methods',
    says: 'keeps its own list of HTTP methods: use HTTP_METHODS from @vendor/spec-model',
    // An array literal with quoted HTTP methods; `isMethodList` counts them.
    patterns: [/\[[^[\]]*\]/],
  },
  {
    id: 'response-for-status',
    says: 'decides which documented response answers a status: use responseFor from @vendor/spec-model',
    patterns: [
      // Building a status range key: `${status[0]}XX`, `String(code)[0] + 'XX'`.
      /\}XX\b/,
      /\+\s*(['"`])XX\1/,
      // Comparing with a range written out: `status.toUpperCase() === '2XX'`.
      /(?:===?|!==?)\s*(['"`])[1-5]XX\1|(['"`])[1-5]XX\2\s*(?:===?|!==?)/i,
      // Recognising range keys with a regular expression: `/^\dXX$/`, `/^[1-5]XX$/`.
      /(?:\\d|\[\d-\d\])XX/i,
    ],
  },
];

/** Whether an array literal lists HTTP methods as its elements (at least METHOD_LIST_LENGTH different ones). */
function isMethodList(arrayLiteral: string): boolean {
  const elements = arrayLiteral.slice(1, -1).split(',').map((element) => element.trim());
  const methods = new Set(elements.flatMap((element) => METHOD_ELEMENT.exec(element)?.[2]?.toLowerCase() ?? []));
  return methods.size >= METHOD_LIST_LENGTH;
}

export interface Offence {
  /** relative to the repository root, with `/` */
  file: string;
  /** 1-based */
  line: number;
  rule: ReaderRule['id'];
  /** the offending line, trimmed */
  text: string;
}

/** Every place in `source` that matches a rule, in line order (one offence per rule and line). */
export function offencesIn(file: string, source: string, rules: readonly ReaderRule[] = READER_RULES): Offence[] {
  const lines = source.split('\n');
  const seen = new Set<string>();
  const offences: Offence[] = [];
  for (const rule of rules) {
    for (const index of matchIndexes(rule, source)) {
      const line = lineOf(source, index);
      const key = `${rule.id}:${line}`;
      if (seen.has(key)) continue;
      seen.add(key);
      offences.push({ file, line, rule: rule.id, text: lines[line - 1]!.trim() });
    }
  }
  return offences.sort((a, b) => a.line - b.line || a.rule.localeCompare(b.rule));
}

/** Where the rule's patterns match (an array literal counts only when it lists methods). */
function matchIndexes(rule: ReaderRule, source: string): number[] {
  const indexes: number[] = [];
  for (const pattern of rule.patterns) {
    for (const match of source.matchAll(new RegExp(pattern.source, `${pattern.flags}g`))) {
      const counts = rule.id !== 'http-methods' || isMethodList(match[0]);
      if (counts) indexes.push(match.index);
    }
  }
  return indexes;
}

function lineOf(source: string, index: number): number {
  let line = 1;
  for (let i = source.indexOf('\n'); i !== -1 && i < index; i = source.indexOf('\n', i + 1)) line += 1;
  return line;
}
