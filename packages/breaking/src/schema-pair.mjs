// One comparison of an old and a new schema: what every check reads, and where it reports.

/**
 * A change found inside a schema, at a path relative to that schema: a break when it has no `level`.
 * @typedef {{ kind: string, relativePath: (string | number)[], message: string, via?: string, level?: string }} SchemaBreak
 */

export class SchemaPair {
  /**
   * @param {object} fields
   * @param {{ oldDocument: any, newDocument: any, compare: (oldRaw: any, newRaw: any, direction: string, via?: string) => SchemaBreak[] }} fields.comparer
   * @param {any} fields.oldSchema resolved (not a $ref)
   * @param {any} fields.newSchema resolved (not a $ref)
   * @param {'request' | 'response'} fields.direction request: the caller writes it; response: the caller reads it
   * @param {string | undefined} fields.via the component the schemas live in, if any
   * @param {SchemaBreak[]} [fields.breaks] the list to report into (shared by the pairs of one comparison)
   */
  constructor({ comparer, oldSchema, newSchema, direction, via, breaks = [] }) {
    this.comparer = comparer;
    this.oldSchema = oldSchema;
    this.newSchema = newSchema;
    this.direction = direction;
    this.via = via;
    /** @type {SchemaBreak[]} */
    this.breaks = breaks;
  }

  get oldDocument() {
    return this.comparer.oldDocument;
  }

  get newDocument() {
    return this.comparer.newDocument;
  }

  /** The caller writes the value and the server reads it (parameters, request bodies). */
  get isRequest() {
    return this.direction === 'request';
  }

  /** The server writes the value and the caller reads it (response bodies and headers). */
  get isResponse() {
    return this.direction === 'response';
  }

  /** The same comparison over other schemas (e.g. flattened ones), reporting into the same list. */
  withSchemas(oldSchema, newSchema) {
    const { comparer, direction, via, breaks } = this;
    return new SchemaPair({ comparer, oldSchema, newSchema, direction, via, breaks });
  }

  /** A breaking change. */
  report(kind, relativePath, message) {
    this.breaks.push({ kind, relativePath, message, ...(this.via ? { via: this.via } : {}) });
  }

  /** A change that breaks no caller, with its level (deprecation, addition, documentation): for the changelog. */
  note(level, kind, relativePath, message) {
    this.breaks.push({ level, kind, relativePath, message, ...(this.via ? { via: this.via } : {}) });
  }

  /** Compares two subschemas (they may be $refs) and reports their breaks under pathPrefix. */
  compareNested(oldRaw, newRaw, ...pathPrefix) {
    for (const nestedBreak of this.comparer.compare(oldRaw, newRaw, this.direction, this.via)) {
      this.breaks.push({ ...nestedBreak, relativePath: [...pathPrefix, ...nestedBreak.relativePath] });
    }
  }
}
