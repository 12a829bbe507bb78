// One Markdown page per shape (`schemas/<Name>.md`): a named object or union of the contract, stated once with
// its fields and linked from every operation page and every other shape that uses it, so that a page an
// assistant reads whole repeats no shape (an MCP server manifest and its five variants, an error body). The
// index records each shape as it is linked, and who links it, so that only shapes in use get a page.
import { childPointer, DOCUMENT_POINTER, followRef } from '@vendor/spec-model';
import { DOWNLOADS, SITE_PAGES } from './constants.mjs';
import { code, fieldsTable } from './markdown.mjs';

/**
 * @typedef {{ name: string, title: string, path: string }} Page a page that may link shapes: its title and site path
 */

/** The shapes linked from the pages rendered so far, each with the pages that link it. */
export function createShapeIndex() {
  /** @type {Map<string, Map<string, Page>>} shape name -> the pages that link it, by path */
  const linkedFrom = new Map();
  return {
    /** @param {Page} page @returns {import('./schema-fields.mjs').LinkShape} */
    linkerFor(page) {
      return (name) => {
        if (!linkedFrom.has(name)) linkedFrom.set(name, new Map());
        if (page.name !== name) linkedFrom.get(name).set(page.path, page);
        return `[${name}](/${SITE_PAGES.schema(name)})`;
      };
    },
    /** Every shape linked so far, in the order first linked. */
    names: () => [...linkedFrom.keys()],
    /** @returns {Page[]} */
    linksTo: (name) => [...(linkedFrom.get(name)?.values() ?? [])],
  };
}

/** A shape's own schema in the document. */
function shapeSchema(document, name) {
  return { $ref: childPointer(DOCUMENT_POINTER, 'components', 'schemas', name) };
}

/** The page of one shape, without its closing "Used by" lines (known once every page has been rendered). */
function shapeBody(document, name, index) {
  const page = { name, title: name, path: SITE_PAGES.schema(name) };
  const schema = shapeSchema(document, name);
  const description = followRef(document, schema).target?.description;
  const lines = [`# ${code(name)}`, ''];
  if (typeof description === 'string' && description.trim() !== '') lines.push(description.trim(), '');
  lines.push(...fieldsTable(document, schema, 'schema', index.linkerFor(page)));
  return lines;
}

/** `Used by: [getTeam](/operations/getTeam.md), [McpServer](/schemas/McpServer.md).` */
function usedByLine(pages) {
  if (pages.length === 0) return [];
  return ['', `Used by: ${pages.map((page) => `[${page.title}](/${page.path})`).join(', ')}.`];
}

/**
 * Renders the page of every shape the given index holds, and of every shape those pages link in turn.
 * @returns {{ name: string, content: string }[]} in the order the shapes were first linked
 */
export function shapePages(document, index) {
  const bodies = new Map();
  for (let at = 0; at < index.names().length; at += 1) {
    const name = index.names()[at];
    bodies.set(name, shapeBody(document, name, index));
  }
  return index.names().map((name) => ({
    name,
    content: [...bodies.get(name), ...usedByLine(index.linksTo(name)), '', '---', '', `[All operations and shapes](/${SITE_PAGES.llms}) · [Reference](/) · [OpenAPI document](/${DOWNLOADS.openapiJson})`, ''].join('\n'),
  }));
}
