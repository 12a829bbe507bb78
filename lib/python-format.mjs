// How the Python SDK's generator (scripts/generators/70-python.mjs) lays out its lines within ruff's default length
// (88): a bracketed expression too long for its line is broken after its opening bracket, one element a line (as
// ruff format and black do), and text is wrapped at word boundaries. No Python is needed to generate.

export const PYTHON_LINE_LENGTH = 88;

/** Each character of `text` from `from` that stands outside a quoted string, with its index (escapes skipped). */
function* outsideQuotes(text, from = 0) {
  let quote;
  for (let i = from; i < text.length; i += 1) {
    const c = text[i];
    if (quote !== undefined) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else yield [i, c];
  }
}

const OPENING = '([{';
const CLOSING = ')]}';

/** The elements of a bracket's content, split at its top-level commas (brackets and quoted strings respected). */
export function splitTopLevel(text) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (const [i, c] of outsideQuotes(text)) {
    if (OPENING.includes(c)) depth += 1;
    else if (CLOSING.includes(c)) depth -= 1;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  const last = text.slice(start).trim();
  if (last) parts.push(last);
  return parts;
}

/** The index of the bracket closing the one opened at `open`, or -1. */
function closingBracket(text, open) {
  let depth = 0;
  for (const [i, c] of outsideQuotes(text, open)) {
    if (OPENING.includes(c)) depth += 1;
    else if (CLOSING.includes(c)) {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** The first opening bracket outside quotes, or -1. */
function firstBracket(text) {
  for (const [i, c] of outsideQuotes(text)) {
    if (OPENING.includes(c)) return i;
  }
  return -1;
}

/**
 * `${indent}${prefix}${expression}${suffix}` as lines of at most 88 characters where the expression allows: its
 * first bracket is opened on the first line, each element goes on a line of its own (broken again when still too
 * long), and the bracket closes on a line of its own followed by whatever came after it.
 */
export function fitLines(indent, prefix, expression, suffix = '') {
  const whole = `${indent}${prefix}${expression}${suffix}`;
  if (whole.length <= PYTHON_LINE_LENGTH) return [whole];
  const open = firstBracket(expression);
  const close = open < 0 ? -1 : closingBracket(expression, open);
  const entry = expression.match(/^("(?:[^"\\]|\\.)*"): (.+)$/);
  if (close < 0 && entry) {
    // A dict entry whose value does not fit beside its key: the value in parentheses on a line of its own.
    return [`${indent}${prefix}${entry[1]}: (`, `${indent}    ${entry[2]}`, `${indent})${suffix}`];
  }
  if (close < 0) return [whole];
  const head = expression.slice(0, open + 1);
  const inner = expression.slice(open + 1, close);
  const tail = expression.slice(close);
  const inside = `${indent}    `;
  const parts = splitTopLevel(inner);
  // A trailing comma in a one-element subscript would make it a tuple (`Optional[str,]`).
  const separator = parts.length === 1 && expression[open] === '[' ? '' : ',';
  const elements = parts.flatMap((element) => fitLines(inside, '', element, separator));
  const closing = fitLines(indent, '', tail, suffix);
  return [`${indent}${prefix}${head}`, ...elements, ...closing];
}

/** `text` wrapped at word boundaries into lines of at most 88 characters after `indent` (then `hanging`). */
export function wrapWords(text, indent, hanging = indent) {
  const lines = [];
  let line = '';
  let lead = indent;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && lead.length + candidate.length > PYTHON_LINE_LENGTH) {
      lines.push(`${lead}${line}`);
      lead = hanging;
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(`${lead}${line}`);
  return lines;
}

/** The lines of a generated file longer than ruff's default, with their numbers: the generator refuses them. */
export function overlongLines(content) {
  return content
    .split('\n')
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => line.length > PYTHON_LINE_LENGTH);
}
