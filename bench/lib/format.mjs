// How the bench writes numbers for people: BENCHMARKS.md, `npm run bench:check` and the sections' progress lines
// on stderr. results.json keeps the raw numbers. A value that is not a finite number (not measured) reads '–'.
const NOT_MEASURED = '–';

function isNumber(value) {
  return typeof value === 'number' && Number.isFinite(value);
}

/** `value` with `digits` decimals: 12.3. */
export function fixed(value, digits = 1) {
  if (!isNumber(value)) return NOT_MEASURED;
  return value.toFixed(digits);
}

/** Rounded to a whole number, with thousands separators: 12,345. */
export function int(value) {
  if (!isNumber(value)) return NOT_MEASURED;
  return Math.round(value).toLocaleString('en-US');
}

/** A ratio: 0.57×. */
export function times(value, digits = 2) {
  if (!isNumber(value)) return NOT_MEASURED;
  return `${value.toFixed(digits)}×`;
}

/** A fraction as a percentage: 0.42 is 42%. */
export function percent(fraction, digits = 0) {
  if (!isNumber(fraction)) return NOT_MEASURED;
  return `${(fraction * 100).toFixed(digits)}%`;
}

/** Requests per second: 12,345 req/s. */
export function rps(value) {
  if (!isNumber(value)) return NOT_MEASURED;
  return `${int(value)} req/s`;
}

/** Milliseconds: 1.2 ms. */
export function ms(value, digits = 1) {
  if (!isNumber(value)) return NOT_MEASURED;
  return `${value.toFixed(digits)} ms`;
}

/** Seconds: 12.3 s. */
export function seconds(value, digits = 1) {
  if (!isNumber(value)) return NOT_MEASURED;
  return `${value.toFixed(digits)} s`;
}

/** Microseconds: 123.4 µs. */
export function us(value, digits = 1) {
  if (!isNumber(value)) return NOT_MEASURED;
  return `${value.toFixed(digits)} µs`;
}

/** Bytes, exact: 6,388 B. */
export function bytes(value) {
  if (!isNumber(value)) return NOT_MEASURED;
  return `${int(value)} B`;
}

/** Kilobytes (1 kB = 1,000 B): 12.3 kB. */
export function kB(value) {
  if (!isNumber(value)) return NOT_MEASURED;
  return `${(value / 1000).toFixed(1)} kB`;
}

/** Megabytes, as the sections measure them (RSS: MiB read from /proc): 110.1 MB. */
export function mb(value, digits = 1) {
  if (!isNumber(value)) return NOT_MEASURED;
  return `${value.toFixed(digits)} MB`;
}

/** A markdown table. `align`: one letter per column, l or r (default: the first column left, the others right). */
export function table(header, rows, align) {
  const a = align ?? `l${'r'.repeat(header.length - 1)}`;
  const rule = header.map((_, i) => (a[i] === 'r' ? ' ---: ' : ' --- ')).join('|');
  return [`| ${header.join(' | ')} |`, `|${rule}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}
