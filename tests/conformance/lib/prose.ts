// Partner-facing text must describe the API, not where a fact came from (docs/ARCHITECTURE.md,
// "Provenance is data"). The banned phrases, and finders over a document and over rendered HTML.
import { encodePointerToken } from '@vendor/spec-model';

type Json = any;

/** Each banned phrase with the rule it breaks; matched case-insensitively. */
export const BANNED: { pattern: RegExp; rule: string }[] = [
  { pattern: /\bseed\w*/i, rule: 'names the source document ("seed")' },
  { pattern: /deployed service/i, rule: 'names where a fact was read ("deployed service")' },
  { pattern: /not shown/i, rule: 'describes a gap of the source ("not shown")' },
  { pattern: /service-facts/i, rule: 'names the facts file ("service-facts")' },
  { pattern: /facts file/i, rule: 'names the facts file ("facts file")' },
];

/** Keys whose string value is prose shown to partners. */
const PROSE_KEYS = new Set(['description', 'summary', 'title', 'x-provenance-note', 'x-displayName', 'x-tagGroups']);
/** Keys under which every string is shown to partners as data (examples, defaults, code samples). */
const SHOWN_KEYS = new Set(['example', 'examples', 'default', 'x-codeSamples']);

export interface Hit {
  pointer: string;
  phrase: string;
  rule: string;
  text: string;
}

/** The banned phrases in one string, with a little context around each. */
export function phrasesIn(text: string): { phrase: string; rule: string; context: string }[] {
  const found: { phrase: string; rule: string; context: string }[] = [];
  for (const { pattern, rule } of BANNED) {
    const global = new RegExp(pattern.source, 'gi');
    for (const match of text.matchAll(global)) {
      const start = Math.max(0, match.index! - 40);
      const context = text.slice(start, match.index! + match[0].length + 40).replace(/\s+/g, ' ');
      found.push({ phrase: match[0], rule, context });
    }
  }
  return found;
}

/** Every banned phrase in the partner-facing strings of an OpenAPI document, with its JSON pointer. */
export function proseHits(document: Json): Hit[] {
  const hits: Hit[] = [];
  const visit = (node: Json, pointer: string, shown: boolean, key: string) => {
    if (typeof node === 'string') {
      if (shown || PROSE_KEYS.has(key)) {
        for (const { phrase, rule, context } of phrasesIn(node)) hits.push({ pointer, phrase, rule, text: context });
      }
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [childKey, child] of Object.entries(node)) {
      const childShown = shown || SHOWN_KEYS.has(childKey);
      visit(child, `${pointer}/${encodePointerToken(childKey)}`, childShown, Array.isArray(node) ? key : childKey);
    }
  };
  visit(document, '#', false, '');
  return hits;
}

export const formatHit = (hit: Hit) => `${hit.pointer}: "${hit.phrase}" ${hit.rule}: …${hit.text}…`;

// ---------------------------------------------------------------------------------------------
// The built docs page (Redoc): its embedded definition and its visible text

const DEFINITION_MARKER = 'const __redoc_definition = ';

/** The end index (exclusive) of the JSON object starting at `start`, honouring strings and escapes. */
function endOfJsonObject(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i += 1;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth += 1;
    else if (ch === '}') {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  throw new Error('unterminated JSON object');
}

/** The API definition Redoc renders, as embedded in the page. */
export function embeddedDefinition(html: string): Json {
  const at = html.indexOf(DEFINITION_MARKER);
  if (at === -1) throw new Error(`the page has no "${DEFINITION_MARKER.trim()}": the docs template changed; update tests/conformance/lib/prose.ts`);
  const start = at + DEFINITION_MARKER.length;
  return JSON.parse(html.slice(start, endOfJsonObject(html, start)));
}

/** The page's visible text: markup without scripts, styles and tags (library code is not partner-facing text). */
export function visibleText(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, ' ')
    .replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}
