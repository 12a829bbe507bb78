import type { HttpMethod } from './methods.js';

/** A JSON object of the document (an OpenAPI object or a JSON Schema), as the document holds it. */
export type JsonObject = Record<string, any>;

/** A bundled OpenAPI 3.1 document: one object, local `$ref`s only. */
export type OpenApiDocument = JsonObject;

/** Which base URL an operation is sent to: the control plane (`https://{base_url}`) or the gateway. */
export type AddressSpace = 'controlPlane' | 'gateway';

/** Which of the three error schemas an operation's error bodies use (`x-error-shape`). */
export type ErrorShape = 'ml' | 'control-plane' | 'gateway';

/** Where a parameter goes. */
export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

/**
 * Where a part of the document is, as JSON pointers (`#/paths/~1teams~1{id}/get/responses/404`). A part written
 * in place has one place; a part reached through `$ref`s has two, and readers need both: the place of use says
 * which operation named it, the place of the object says where its fields (and any marker on them) are written.
 */
export interface RefPlaces {
  /** Where the object is written: the end of its `$ref` chain (`#/components/responses/NotFound`), else its place of use. */
  pointer: string;
  /** Where the operation names it (the `$ref` itself, `#/paths/~1teams~1{id}/get/responses/404`); `pointer` when written in place. */
  usedAt: string;
}

/** A parameter of an operation, path-item parameters merged in. */
export interface SpecParameter extends RefPlaces {
  name: string;
  in: ParameterLocation;
  /** Always true for a path parameter; otherwise the parameter's `required`. */
  required: boolean;
  description: string | undefined;
  /** The parameter's schema, `$ref` followed (`{}`, which accepts anything, when it has none). */
  schema: JsonObject;
  /** Where the parameter names its schema (`<pointer>/schema`, which may be a `$ref`); `undefined` when it has none. */
  schemaPointer: string | undefined;
  /**
   * Its example value, first found wins: the parameter's `example`; the `value` of the first of its
   * `examples`; its schema's `example`; the first of its schema's `examples`. `undefined` when none.
   * A schema's `default` is not an example: it is what the server assumes when the parameter is absent.
   */
  example: unknown;
  /** The parameter object itself (`$ref` followed). */
  definition: JsonObject;
}

/** A named example of a request or response body. */
export interface NamedExample extends RefPlaces {
  /** Its key under `examples` (`example` for a media type's single `example`). */
  name: string;
  summary: string | undefined;
  description: string | undefined;
  /** The inline `value`; `undefined` for an example given only by `externalValue`. */
  value: unknown;
  externalValue: string | undefined;
}

/** One media type of a request or response body. */
export interface SpecContent {
  /** `application/json`, ... */
  mediaType: string;
  /** Its place: `<request body or response pointer>/content/<media type>` (a media type is never a `$ref`). */
  pointer: string;
  /** The body's schema, `$ref` followed (`{}` when the media type has none). */
  schema: JsonObject;
  /**
   * Where the media type names its schema (`<pointer>/schema`, which may be a `$ref`: a validator compiled from it
   * follows the reference itself); `undefined` when the media type has none.
   */
  schemaPointer: string | undefined;
  /**
   * Its named `examples` in document order, `$ref`s followed. A media type with a single `example` and no
   * `examples` has that one, named `example`.
   */
  examples: NamedExample[];
}

export interface SpecRequestBody extends RefPlaces {
  required: boolean;
  description: string | undefined;
  /** One entry per media type, in document order. */
  content: SpecContent[];
}

export interface SpecHeader extends RefPlaces {
  name: string;
  required: boolean;
  description: string | undefined;
  /** The header's schema, `$ref` followed (`{}` when it has none). */
  schema: JsonObject;
  /** Where the header names its schema (`<pointer>/schema`); `undefined` when it has none. */
  schemaPointer: string | undefined;
}

export interface SpecResponse extends RefPlaces {
  /** As the document writes it: `200`, `4XX`, `default`. */
  status: string;
  description: string | undefined;
  /** One entry per media type, in document order; empty for a response without a body. */
  content: SpecContent[];
  headers: SpecHeader[];
  /** Its OpenAPI `links`, in document order: operations this answer feeds (evaluate them with `evaluateRuntimeExpression`). */
  links: SpecLink[];
}

/** An OpenAPI link: an operation (by operationId) whose request takes values from this answer. */
export interface SpecLink extends RefPlaces {
  /** Its key under `links`. */
  name: string;
  /** The operation it feeds; `createSpecModel` checks that the document has it. */
  operationId: string;
  /** The target's parameters by name: runtime expressions (`$response.body#/data/id`) or constants. */
  parameters: Record<string, unknown>;
  /** The target's request body: a runtime expression or a constant; `undefined` when the link sets none. */
  requestBody: unknown;
  description: string | undefined;
}

/** What pages of every paginated operation share (read from its `x-pagination`). */
interface PaginationBase {
  /** Property path (in each page's JSON body) of the page's items: `['data']`. */
  itemsAt: readonly string[];
  /** The query parameter that sets the page size. */
  limitParameter: string;
  /**
   * The name of the TypeScript client's iterator over all pages: `iterate` and the operationId without its
   * `list` prefix (`listAgentSessionTurns` -> `iterateAgentSessionTurns`). Here so that the client and the
   * docs' samples cannot name it differently.
   */
  iteratorName: string;
}

/** Pages linked by a token: each page names the next one; the last page has no token. */
export interface PageTokenPagination extends PaginationBase {
  style: 'page-token';
  /** The query parameter that asks for the page after a given token. */
  tokenParameter: string;
  /** Property path (in each page's body) of the next page's token: `['pagination', 'next_page_token']`. */
  nextTokenAt: readonly string[];
}

/** Pages by position: the caller skips `offset` items; each page tells the total. */
export interface OffsetPagination extends PaginationBase {
  style: 'offset';
  /** The query parameter with the number of items to skip. */
  offsetParameter: string;
  /** Property path (in each page's body) of the number of items in all pages: `['pagination', 'total']`. */
  totalAt: readonly string[];
}

/** How an operation pages (`x-pagination`). */
export type Pagination = PageTokenPagination | OffsetPagination;

/** One operation of the document, with every convention of docs/ARCHITECTURE.md read and checked. */
export interface SpecOperation {
  /** Also the client's method name. */
  operationId: string;
  method: HttpMethod;
  /** Path template as written in the document: `/teams/{id}`. */
  path: string;
  /**
   * Where the operation object is written: `#/paths/~1teams~1{id}/get`; under the path item's target when the
   * path item is a `$ref` (`#/components/pathItems/Teams/get`).
   */
  pointer: string;
  /**
   * `gateway` when the servers the operation is sent to have a URL with `{gateway_base_url}`; those servers are
   * the operation's own, else its path item's, else the document's (OpenAPI's rule). Otherwise `controlPlane`.
   */
  addressSpace: AddressSpace;
  /** The servers the operation is sent to: its own, else its path item's, else the document's. */
  servers: JsonObject[];
  /** `x-idempotent`: whether a client may retry it. */
  idempotent: boolean;
  /**
   * `x-destructive`, else whether it is a DELETE: whether it deletes, ends or replaces what cannot be had back. Tools
   * that call operations on their own (verify, the MCP server) run or list it only when told to.
   */
  destructive: boolean;
  /** `x-error-shape`. */
  errorShape: ErrorShape;
  /**
   * The status of an answer to invalid input: the first of 400 or 422 the operation documents (400 when it
   * documents both); when it documents neither, 422 for the `ml` error shape and 400 for the others.
   */
  invalidInputStatus: 400 | 422;
  tags: string[];
  summary: string | undefined;
  description: string | undefined;
  deprecated: boolean;
  /** `x-sunset` (YYYY-MM-DD): from when the deprecated operation may be gone; `undefined` when it has none. */
  sunset: string | undefined;
  /** Path-item and operation parameters; an operation parameter replaces the path-item one of the same name and location, in its place. */
  parameters: SpecParameter[];
  requestBody: SpecRequestBody | undefined;
  /** In the order of the document's `responses` object (JavaScript keeps integer-like keys ascending: `200`, `404`, then `default`). */
  responses: SpecResponse[];
  /** Whether the operation requires a credential (its `security`, else the document's, with no empty requirement). */
  secured: boolean;
  /**
   * The statuses every secured operation can answer (the document's `x-secured-responses`, e.g. 401) that this one
   * does not list itself, each as the response of its error shape (`#/components/responses/GatewayUnauthorized`,
   * named at `#/x-secured-responses/401/gateway`). Empty when the operation is not secured. `responseFor` finds them.
   */
  securedResponses: SpecResponse[];
  /** The first response with an exact 2xx status (`200`..`299`); a range such as `2XX` is not one status. */
  successResponse: SpecResponse | undefined;
  /** `successResponse`'s status as a number. */
  successStatus: number | undefined;
  /** From `x-pagination`; `undefined` for an operation that does not page. */
  pagination: Pagination | undefined;
  /** The operation object itself (the document's own, not a copy). */
  definition: JsonObject;
  /** Its path item (`$ref` followed; the document's own). */
  pathItem: JsonObject;
}

/** Everything the generators, the docs and the mock ask of the contract, read once. */
export interface SpecModel {
  /** The document the model was read from (not copied: objects the model returns are the document's own). */
  document: OpenApiDocument;
  /** Every operation, in document order (path by path, methods in `HTTP_METHODS` order). */
  operations: readonly SpecOperation[];
  /** The statuses of `x-secured-responses`: answered by every secured operation, listed there or not (`[401]`). */
  securedStatuses: readonly number[];
  /** The operation with this operationId; throws when there is none. */
  operation(operationId: string): SpecOperation;
  /** `resolveRef` on this document. */
  resolve(node: unknown): any;
}
