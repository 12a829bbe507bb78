// Breaking-change comparer for two bundled OpenAPI 3.1 documents (internal $refs allowed).
//
// compareSpecs(oldDoc, newDoc) walks every operation of the old document and reports each change
// that can break an existing caller, as { kind, path, message, via? }:
//   path  JSONPath of the change, read through the operation (e.g.
//         $.paths['/api/svc/v1/teams/{id}'].get.responses['200'].content['application/json'].schema.properties.data)
//   via   the component the changed schema lives in, when it lives in one (#/components/schemas/Team)
//
// Schemas are compared by direction:
//   request  (parameters, request bodies; the caller writes, the server reads): the new schema must
//            accept everything the old one accepted. Breaks: a narrowed limit, a new required field,
//            a removed field, a removed enum value or variant, a type the server no longer accepts.
//   response (response bodies and headers; the server writes, the caller reads): the new schema must
//            not send what the old callers cannot read. Breaks: a removed field (or one that is no
//            longer required), a removed enum value, a type the caller did not expect.
// Additions are never breaks: a new operation, a new optional parameter or field, a new enum value
// or variant in a response, a widened limit (response schemas allow unknown properties by convention).
// Narrowed limits in responses are not breaks (callers only read them).
//
// Why not a library: openapi-diff 0.24 rejects OpenAPI 3.1 documents (its parser accepts 3.0.x only);
// api-smart-diff 1.0.6 reads them but classifies a removed response field and a changed response
// type as non-breaking, and reports each change once per component instead of per operation.

export const BREAK_KINDS = /** @type {const} */ ([
  'removed-operation',
  'changed-operation-id',
  'changed-server',
  'removed-parameter',
  'new-required-parameter',
  'new-required-request-body',
  'removed-request-body',
  'removed-media-type',
  'removed-response',
  'removed-response-header',
  'removed-response-field',
  'response-field-optional',
  'removed-request-field',
  'new-required-request-field',
  'removed-enum-value',
  'removed-variant',
  'narrowed-limit',
  'changed-type',
]);

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const UPPER_LIMITS = ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties', 'maxContains'];
const LOWER_LIMITS = ['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties', 'minContains'];

/** JSONPath text for a list of segments. Strings that are identifiers print as .name, others as ['x']. */
export function formatPath(segments) {
  let out = '$';
  for (const seg of segments) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (seg.startsWith('[')) out += seg; // pre-formatted filter, e.g. [?(@.name=='limit')]
    else if (/^[A-Za-z_$][\w$]*$/.test(seg)) out += `.${seg}`;
    else out += `['${seg.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}']`;
  }
  return out;
}

function decodePointer(ref) {
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function lookup(doc, ref) {
  if (typeof ref !== 'string' || !ref.startsWith('#/')) {
    throw new Error(`Only internal $refs are supported (bundle the document first): ${ref}`);
  }
  let node = doc;
  for (const key of decodePointer(ref)) {
    if (node === null || typeof node !== 'object' || !(key in node)) throw new Error(`Unresolvable $ref ${ref}`);
    node = node[key];
  }
  return node;
}

/**
 * Follows a chain of $refs. Sibling keywords of a $ref (allowed in 3.1) are laid over the target.
 * @returns {{ node: any, ref: string | undefined }} ref: the last $ref followed
 */
function resolve(doc, node) {
  let ref;
  let current = node;
  const seen = new Set();
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    if (seen.has(current.$ref)) throw new Error(`Circular $ref chain at ${current.$ref}`);
    seen.add(current.$ref);
    ref = current.$ref;
    const { $ref, ...siblings } = current;
    const target = lookup(doc, $ref);
    current = Object.keys(siblings).length > 0 && target && typeof target === 'object' ? { ...target, ...siblings } : target;
  }
  return { node: current, ref };
}

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** Merges allOf members into one schema (properties, required, limits), so a refactor into allOf is not a change. */
function flatten(doc, schema, depth = 0) {
  if (!isObject(schema) || !Array.isArray(schema.allOf) || depth > 32) return schema;
  const { allOf, ...base } = schema;
  let merged = { ...base };
  for (const member of allOf) {
    const part = flatten(doc, resolve(doc, member).node, depth + 1);
    if (!isObject(part)) continue;
    merged = mergeSchemas(merged, part);
  }
  return merged;
}

function mergeSchemas(a, b) {
  const out = { ...a };
  for (const [key, value] of Object.entries(b)) {
    if (!(key in out)) {
      out[key] = value;
      continue;
    }
    const mine = out[key];
    if (key === 'properties') {
      const props = { ...mine };
      for (const [name, sub] of Object.entries(value)) props[name] = name in props ? { allOf: [props[name], sub] } : sub;
      out.properties = props;
    } else if (key === 'required') out.required = [...new Set([...mine, ...value])];
    else if (key === 'enum') out.enum = mine.filter((v) => value.some((w) => same(v, w)));
    else if (key === 'type') {
      const left = [].concat(mine);
      const right = [].concat(value);
      const both = left.filter((t) => right.includes(t) || (t === 'integer' && right.includes('number')));
      out.type = both.length === 1 ? both[0] : both;
    } else if (UPPER_LIMITS.includes(key)) out[key] = Math.min(mine, value);
    else if (LOWER_LIMITS.includes(key)) out[key] = Math.max(mine, value);
    else if (key === 'additionalProperties' || key === 'unevaluatedProperties') {
      out[key] = mine === false || value === false ? false : mine;
    }
    // Everything else: the first definition wins.
  }
  return out;
}

function typeSet(schema) {
  if (schema.type === undefined) return null;
  return new Set([].concat(schema.type));
}
/** Whether a set of JSON types accepts every value of type t (number accepts integer). */
const accepts = (set, t) => set.has(t) || (t === 'integer' && set.has('number'));
const hasComposition = (s) => ['oneOf', 'anyOf', 'allOf', 'not', 'if'].some((k) => k in s);

/** Keywords that only annotate a schema; a wrapper carrying nothing else is just its branches. */
const ANNOTATIONS = new Set(['description', 'title', 'example', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly', '$comment']);
const isNullSchema = (s) => isObject(s) && s.type === 'null' && Object.keys(s).every((k) => k === 'type' || ANNOTATIONS.has(k));

/**
 * `anyOf` (or `oneOf`) of exactly one schema and `{type: 'null'}`, with nothing but annotations beside it.
 * @returns {{ keyword: string, index: number, inner: any } | null} inner: the non-null branch, unresolved
 */
function nullableWrapper(doc, node) {
  const keywords = ['anyOf', 'oneOf'].filter((k) => Array.isArray(node[k]));
  if (keywords.length !== 1) return null;
  const [keyword] = keywords;
  const others = Object.keys(node).filter((k) => k !== keyword && !ANNOTATIONS.has(k) && !k.startsWith('x-'));
  if (others.length > 0 || node[keyword].length !== 2) return null;
  const nullIndex = node[keyword].findIndex((branch) => isNullSchema(resolve(doc, branch).node));
  if (nullIndex === -1) return null;
  const index = 1 - nullIndex;
  if (isNullSchema(resolve(doc, node[keyword][index]).node)) return null;
  return { keyword, index, inner: node[keyword][index] };
}

/** The schema without `null` in its `type` list (the wrapper's other side carries the null). */
function withoutNull(node) {
  if (!Array.isArray(node.type) || !node.type.includes('null')) return node;
  const types = node.type.filter((t) => t !== 'null');
  return { ...node, type: types.length === 1 ? types[0] : types };
}

function enumValues(schema) {
  if (Array.isArray(schema.enum)) return schema.enum;
  if ('const' in schema) return [schema.const];
  return null;
}

/**
 * The known-values branch of an open enumeration `anyOf: [{type: string, enum}, {type: string}]`,
 * with its index; undefined for any other schema.
 */
function openEnumBranch(doc, node) {
  if (!isObject(node) || !Array.isArray(node.anyOf) || node.anyOf.length !== 2 || 'type' in node) return undefined;
  const branches = node.anyOf.map((b) => resolve(doc, b).node);
  const index = branches.findIndex((b) => isObject(b) && Array.isArray(b.enum));
  const other = branches[1 - index];
  const otherIsAnyString = isObject(other) && other.type === 'string' && !('enum' in other) && !('const' in other) && !('pattern' in other);
  if (index === -1 || !otherIsAnyString) return undefined;
  return { raw: node.anyOf[index], index };
}

/** The JSON types a oneOf/anyOf may produce, when every branch declares its type; otherwise undefined. */
function variantTypes(doc, node) {
  const branches = [...(node.oneOf ?? []), ...(node.anyOf ?? [])];
  if (branches.length === 0) return undefined;
  const types = new Set();
  for (const raw of branches) {
    const branch = flatten(doc, resolve(doc, raw).node);
    const set = isObject(branch) ? typeSet(branch) : null;
    if (!set) return undefined;
    for (const t of set) types.add(t);
  }
  return types;
}

/** A stable key for a oneOf/anyOf branch: its $ref, else its const discriminator property, else its position. */
function branchKey(doc, raw, index) {
  const { node, ref } = resolve(doc, raw);
  if (ref) return `ref:${ref}`;
  const flat = flatten(doc, node);
  if (isObject(flat?.properties)) {
    for (const [name, sub] of Object.entries(flat.properties)) {
      const resolved = resolve(doc, sub).node;
      if (isObject(resolved) && 'const' in resolved) return `const:${name}=${JSON.stringify(resolved.const)}`;
    }
  }
  return `index:${index}`;
}

class Comparer {
  constructor(oldDoc, newDoc) {
    this.oldDoc = oldDoc;
    this.newDoc = newDoc;
    /** @type {Map<string, any[]>} results of $ref pairs already compared, relative to the pair */
    this.cache = new Map();
    this.stack = new Set();
  }

  /**
   * Compares two schemas (raw: they may be $refs) in one direction.
   * @returns {{kind: string, rel: (string|number)[], message: string, via?: string}[]} breaks, paths relative to the schema
   */
  schema(oldRaw, newRaw, dir, via) {
    if (oldRaw === undefined || newRaw === undefined) return [];
    const o = resolve(this.oldDoc, oldRaw);
    const n = resolve(this.newDoc, newRaw);
    // Only a pair of $refs can recur (inline schemas are finite trees), and only a pair names one comparison.
    const key = o.ref && n.ref ? `${dir}|${o.ref}|${n.ref}` : null;
    if (key) {
      if (this.cache.has(key)) return this.cache.get(key);
      if (this.stack.has(key)) return []; // recursive schema: compared at its first occurrence
      this.stack.add(key);
    }
    const here = n.ref ?? o.ref ?? via;
    const out = this.schemaBody(o.node, n.node, dir, here);
    if (key) {
      this.stack.delete(key);
      this.cache.set(key, out);
    }
    return out;
  }

  schemaBody(oldNode, newNode, dir, via) {
    const out = [];
    const add = (kind, rel, message) => out.push({ kind, rel, message, ...(via ? { via } : {}) });
    const nest = (breaks, ...prefix) => {
      for (const b of breaks) out.push({ ...b, rel: [...prefix, ...b.rel] });
    };

    if (typeof oldNode === 'boolean' || typeof newNode === 'boolean') {
      if (dir === 'request' && newNode === false && oldNode !== false) add('changed-type', [], 'schema no longer accepts any value');
      if (dir === 'response' && oldNode === false && newNode !== false) add('changed-type', [], 'schema may now return values');
      return out;
    }
    if (!isObject(oldNode) || !isObject(newNode)) return out;

    // A nullable wrapper (`anyOf: [X, {type: 'null'}]`) compares as X plus null, so wrapping a schema
    // reports one "may now return null" instead of every field of X as removed.
    const oWrap = nullableWrapper(this.oldDoc, oldNode);
    const nWrap = nullableWrapper(this.newDoc, newNode);
    if (oWrap || nWrap) {
      const oNull = Boolean(oWrap) || typeSet(oldNode)?.has('null') === true;
      const nNull = Boolean(nWrap) || typeSet(newNode)?.has('null') === true;
      const at = nWrap ? [nWrap.keyword] : ['type'];
      if (dir === 'response' && nNull && !oNull) add('changed-type', at, 'may now return null');
      if (dir === 'request' && oNull && !nNull) add('changed-type', at, 'no longer accepts null');
      const oInner = oWrap ? oWrap.inner : withoutNull(oldNode);
      const nInner = nWrap ? nWrap.inner : withoutNull(newNode);
      nest(this.schema(oInner, nInner, dir, via), ...(nWrap ? [nWrap.keyword, nWrap.index] : []));
      return out;
    }

    // Open enumerations: a response that may now carry values outside the old list is a break for
    // callers that handle every known value; the known values are compared like any enum.
    const oldOpen = openEnumBranch(this.oldDoc, oldNode);
    const newOpen = openEnumBranch(this.newDoc, newNode);
    if (newOpen && !oldOpen) {
      if (dir === 'response') add('changed-type', ['anyOf'], 'enumeration opened: may now return values outside the known list');
      nest(this.schema(oldNode, newOpen.raw, dir, via), 'anyOf', newOpen.index);
      return out;
    }
    if (oldOpen && newOpen) {
      nest(this.schema(oldOpen.raw, newOpen.raw, dir, via), 'anyOf', newOpen.index);
      return out;
    }
    if (oldOpen && !newOpen && dir === 'request') {
      add('narrowed-limit', [], 'enumeration closed: values outside the known list are no longer accepted');
      return out;
    }

    const o = flatten(this.oldDoc, oldNode);
    const n = flatten(this.newDoc, newNode);

    // Types.
    const ot = typeSet(o);
    const nt = typeSet(n);
    if (ot && nt) {
      if (dir === 'request') {
        const lost = [...ot].filter((t) => !accepts(nt, t));
        if (lost.length) add('changed-type', ['type'], `type ${fmtType(o.type)} -> ${fmtType(n.type)}: no longer accepts ${lost.join(', ')}`);
      } else {
        const gained = [...nt].filter((t) => !accepts(ot, t));
        if (gained.length) add('changed-type', ['type'], `type ${fmtType(o.type)} -> ${fmtType(n.type)}: may now return ${gained.join(', ')}`);
      }
    } else if (dir === 'request' && !ot && nt && !hasComposition(o) && !enumValues(o)) {
      add('changed-type', ['type'], `type now restricted to ${fmtType(n.type)}`);
    } else if (dir === 'response' && ot && !nt && !hasComposition(n) && !enumValues(n)) {
      add('changed-type', ['type'], `type ${fmtType(o.type)} no longer declared: any value may be returned`);
    } else if (dir === 'response' && ot && !nt && variantTypes(this.newDoc, n)) {
      // A typed value replaced by a union: the union's branches say what may now be returned.
      const gained = [...variantTypes(this.newDoc, n)].filter((t) => !accepts(ot, t));
      if (gained.length) add('changed-type', [], `type ${fmtType(o.type)} -> one of ${[...variantTypes(this.newDoc, n)].join(', ')}: may now return ${gained.join(', ')}`);
    }
    if (dir === 'request' && n.format !== undefined && n.format !== o.format) {
      add('changed-type', ['format'], `format ${o.format ?? '(none)'} -> ${n.format}`);
    }
    if (dir === 'response' && o.format !== undefined && n.format !== o.format) {
      add('changed-type', ['format'], `format ${o.format} -> ${n.format ?? '(none)'}`);
    }

    // Enum values and const.
    const ov = enumValues(o);
    const nv = enumValues(n);
    const enumKey = 'enum' in n || !('const' in n) ? 'enum' : 'const';
    if (ov && nv) {
      const removed = ov.filter((v) => !nv.some((w) => same(v, w)));
      if (removed.length) add('removed-enum-value', [enumKey], `enum value${removed.length > 1 ? 's' : ''} ${removed.map((v) => JSON.stringify(v)).join(', ')} removed`);
    } else if (dir === 'request' && !ov && nv) {
      add('narrowed-limit', [enumKey], `now restricted to ${nv.map((v) => JSON.stringify(v)).join(', ')}`);
    }

    // Limits: only the caller's input can be narrowed.
    if (dir === 'request') {
      for (const k of UPPER_LIMITS) {
        if (typeof n[k] === 'number' && (typeof o[k] !== 'number' || n[k] < o[k])) add('narrowed-limit', [k], `${k} ${o[k] ?? '(none)'} -> ${n[k]}`);
      }
      for (const k of LOWER_LIMITS) {
        if (typeof n[k] === 'number' && (typeof o[k] !== 'number' || n[k] > o[k])) add('narrowed-limit', [k], `${k} ${o[k] ?? '(none)'} -> ${n[k]}`);
      }
      if (n.pattern !== undefined && n.pattern !== o.pattern) add('narrowed-limit', ['pattern'], `pattern ${o.pattern === undefined ? '(none)' : `/${o.pattern}/`} -> /${n.pattern}/`);
      if (typeof n.multipleOf === 'number' && !(typeof o.multipleOf === 'number' && o.multipleOf % n.multipleOf === 0)) {
        add('narrowed-limit', ['multipleOf'], `multipleOf ${o.multipleOf ?? '(none)'} -> ${n.multipleOf}`);
      }
      if (n.uniqueItems === true && o.uniqueItems !== true) add('narrowed-limit', ['uniqueItems'], 'items must now be unique');
      for (const k of ['additionalProperties', 'unevaluatedProperties']) {
        if (n[k] === false && o[k] !== false) add('narrowed-limit', [k], 'no longer accepts unknown properties');
      }
    }

    // Properties.
    const op = isObject(o.properties) ? o.properties : {};
    const np = isObject(n.properties) ? n.properties : {};
    const oreq = new Set(Array.isArray(o.required) ? o.required : []);
    const nreq = new Set(Array.isArray(n.required) ? n.required : []);
    const skip = (raw, doc) => {
      const s = resolve(doc, raw).node;
      return isObject(s) && (dir === 'request' ? s.readOnly === true : s.writeOnly === true);
    };
    for (const [name, raw] of Object.entries(op)) {
      if (skip(raw, this.oldDoc)) continue;
      if (!(name in np)) {
        if (dir === 'response') add('removed-response-field', ['properties', name], `field ${name} removed`);
        else add('removed-request-field', ['properties', name], `field ${name} removed`);
        continue;
      }
      if (dir === 'response' && oreq.has(name) && !nreq.has(name)) {
        add('response-field-optional', ['required'], `field ${name} is no longer required (may be missing)`);
      }
      nest(this.schema(raw, np[name], dir, via), 'properties', name);
    }
    if (dir === 'request') {
      for (const name of nreq) {
        if (!oreq.has(name) && !(name in np && skip(np[name], this.newDoc))) {
          add('new-required-request-field', ['required'], `field ${name} is now required${name in op ? '' : ' (new field)'}`);
        }
      }
    }

    // Nested schemas.
    if (o.items !== undefined && n.items !== undefined) nest(this.schema(o.items, n.items, dir, via), 'items');
    for (const k of ['additionalProperties', 'unevaluatedProperties']) {
      if (isObject(o[k]) && isObject(n[k])) nest(this.schema(o[k], n[k], dir, via), k);
    }
    if (Array.isArray(o.prefixItems) && Array.isArray(n.prefixItems)) {
      o.prefixItems.forEach((item, i) => {
        if (i < n.prefixItems.length) nest(this.schema(item, n.prefixItems[i], dir, via), 'prefixItems', i);
      });
    }

    // Variants.
    for (const kw of ['oneOf', 'anyOf']) {
      if (!Array.isArray(o[kw]) || !Array.isArray(n[kw])) continue;
      const newByKey = new Map(n[kw].map((raw, i) => [branchKey(this.newDoc, raw, i), i]));
      o[kw].forEach((raw, i) => {
        const k = branchKey(this.oldDoc, raw, i);
        const j = newByKey.get(k);
        if (j === undefined) {
          if (dir === 'request') add('removed-variant', [kw, i], `variant ${k.replace(/^(ref|const|index):/, '')} removed`);
          return;
        }
        nest(this.schema(raw, n[kw][j], dir, via), kw, j);
      });
    }
    return out;
  }
}

function fmtType(t) {
  return Array.isArray(t) ? `[${t.join(', ')}]` : String(t);
}

const normalizePath = (p) => p.replace(/\{[^}]*\}/g, '{}');
const paramKey = (p) => `${p.in}:${p.in === 'header' ? String(p.name).toLowerCase() : p.name}`;
const paramSeg = (p) => `[?(@.name=='${p.name}' && @.in=='${p.in}')]`;

function operations(doc) {
  const ops = new Map();
  for (const [p, rawItem] of Object.entries(doc.paths ?? {})) {
    const item = resolve(doc, rawItem).node;
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      if (isObject(item[method])) ops.set(`${method} ${normalizePath(p)}`, { path: p, method, item, op: item[method] });
    }
  }
  return ops;
}

function effectiveParams(doc, item, op) {
  const params = new Map();
  for (const raw of [...(item.parameters ?? []), ...(op.parameters ?? [])]) {
    const p = resolve(doc, raw).node;
    if (isObject(p) && p.name !== undefined) params.set(paramKey(p), p);
  }
  return params;
}

function serverUrls(doc, item, op) {
  const servers = op.servers ?? item.servers ?? doc.servers ?? [{ url: '/' }];
  return servers.map((s) => s.url);
}

/**
 * @param {Record<string, any>} oldDoc the released (baseline) document, bundled
 * @param {Record<string, any>} newDoc the current document, bundled
 * @returns {{kind: string, path: string, message: string, via?: string}[]} every break, in document order
 */
export function compareSpecs(oldDoc, newDoc) {
  const c = new Comparer(oldDoc, newDoc);
  const breaks = [];
  const push = (kind, segs, message, via) => breaks.push({ kind, path: formatPath(segs), message, ...(via ? { via } : {}) });
  const pushAll = (list, segs) => {
    for (const b of list) push(b.kind, [...segs, ...b.rel], b.message, b.via);
  };
  const newOps = operations(newDoc);

  for (const [key, before] of operations(oldDoc)) {
    const base = ['paths', before.path, before.method];
    const label = `${before.method.toUpperCase()} ${before.path}${before.op.operationId ? ` (${before.op.operationId})` : ''}`;
    const after = newOps.get(key);
    if (!after) {
      push('removed-operation', base, `operation ${label} removed`);
      continue;
    }
    const at = ['paths', after.path, after.method];
    const { op: oOp, item: oItem } = before;
    const { op: nOp, item: nItem } = after;

    if (oOp.operationId !== undefined && oOp.operationId !== nOp.operationId) {
      push('changed-operation-id', [...at, 'operationId'], `operationId ${oOp.operationId} -> ${nOp.operationId ?? '(none)'} (the client's method name)`);
    }
    const newServers = serverUrls(newDoc, nItem, nOp);
    for (const url of serverUrls(oldDoc, oItem, oOp)) {
      if (!newServers.includes(url)) push('changed-server', [...at, 'servers'], `server ${url} no longer serves ${label}`);
    }

    // Parameters.
    const oParams = effectiveParams(oldDoc, oItem, oOp);
    const nParams = effectiveParams(newDoc, nItem, nOp);
    for (const [k, p] of oParams) {
      const q = nParams.get(k);
      if (!q) {
        push('removed-parameter', [...base, 'parameters', paramSeg(p)], `${p.in} parameter ${p.name} removed`);
        continue;
      }
      if (q.required === true && p.required !== true) {
        push('new-required-parameter', [...at, 'parameters', paramSeg(q), 'required'], `${q.in} parameter ${q.name} is now required`);
      }
      pushAll(c.schema(p.schema, q.schema, 'request'), [...at, 'parameters', paramSeg(q), 'schema']);
    }
    for (const [k, q] of nParams) {
      if (!oParams.has(k) && q.required === true) {
        push('new-required-parameter', [...at, 'parameters', paramSeg(q)], `new required ${q.in} parameter ${q.name}`);
      }
    }

    // Request body.
    const oBody = oOp.requestBody ? resolve(oldDoc, oOp.requestBody).node : undefined;
    const nBody = nOp.requestBody ? resolve(newDoc, nOp.requestBody).node : undefined;
    if (!oBody && nBody?.required === true) {
      push('new-required-request-body', [...at, 'requestBody'], 'a request body is now required');
    } else if (oBody && !nBody) {
      push('removed-request-body', [...base, 'requestBody'], 'request body removed');
    } else if (oBody && nBody) {
      if (nBody.required === true && oBody.required !== true) push('new-required-request-body', [...at, 'requestBody', 'required'], 'the request body is now required');
      for (const [mt, media] of Object.entries(oBody.content ?? {})) {
        const next = nBody.content?.[mt];
        if (!next) push('removed-media-type', [...base, 'requestBody', 'content', mt], `request media type ${mt} removed`);
        else pushAll(c.schema(media.schema, next.schema, 'request'), [...at, 'requestBody', 'content', mt, 'schema']);
      }
    }

    // Responses.
    for (const [status, rawResp] of Object.entries(oOp.responses ?? {})) {
      const oResp = resolve(oldDoc, rawResp).node;
      const nRaw = nOp.responses?.[status];
      if (nRaw === undefined) {
        if (/^2/.test(status)) push('removed-response', [...base, 'responses', status], `success response ${status} removed`);
        continue;
      }
      const nResp = resolve(newDoc, nRaw).node;
      const rbase = [...at, 'responses', status];
      for (const [name, rawHeader] of Object.entries(oResp.headers ?? {})) {
        const nHeaderRaw = Object.entries(nResp.headers ?? {}).find(([h]) => h.toLowerCase() === name.toLowerCase())?.[1];
        if (nHeaderRaw === undefined) {
          push('removed-response-header', [...base, 'responses', status, 'headers', name], `response header ${name} removed`);
          continue;
        }
        const oh = resolve(oldDoc, rawHeader).node;
        const nh = resolve(newDoc, nHeaderRaw).node;
        pushAll(c.schema(oh.schema, nh.schema, 'response'), [...rbase, 'headers', name, 'schema']);
      }
      for (const [mt, media] of Object.entries(oResp.content ?? {})) {
        const next = nResp.content?.[mt];
        if (!next) push('removed-media-type', [...base, 'responses', status, 'content', mt], `response media type ${mt} removed`);
        else pushAll(c.schema(media.schema, next.schema, 'response'), [...rbase, 'content', mt, 'schema']);
      }
    }
  }
  return breaks;
}
