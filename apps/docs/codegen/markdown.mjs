// Markdown pieces the pages for tools share (markdown-pages.mjs, schema-pages.mjs): code spans, table cells, and a
// fields table from schema-fields.mjs's rows.
import { fieldRows } from './schema-fields.mjs';

export const code = (text) => `\`${text}\``;
const cell = (text) => (text === '' || text === undefined ? '' : String(text).replace(/\|/g, '\\|'));

export function table(header, rows) {
  if (rows.length === 0) return [];
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`)];
}

/** The Field cell of a row: a field's path, or what a linked shape is to the object at that path. */
function fieldCell(row) {
  const at = row.field === '' ? '' : `${code(row.field)} `;
  if (row.includes) return `${at}(every field of)`;
  if (row.variant) return `${at}(one of)`;
  return code(row.field);
}

/**
 * @param {Record<string, any>} document
 * @param {unknown} schema
 * @param {'request' | 'response' | 'schema'} direction
 * @param {import('./schema-fields.mjs').LinkShape} linkShape
 */
export function fieldsTable(document, schema, direction, linkShape) {
  const rows = fieldRows(document, schema, direction, { linkShape }).map((row) => [fieldCell(row), row.type, row.includes || row.variant ? '' : row.required ? 'yes' : 'no', row.rules.join('; '), row.description]);
  return table(['Field', 'Type', 'Required', 'Rules', 'Description'], rows);
}
