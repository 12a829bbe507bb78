/** The eight operations a path item may hold, in the order the OpenAPI specification lists them. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** A lower-case HTTP method, as the key of an operation in a path item. */
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** HTTP's safe methods (RFC 9110 9.2.1): they only read. The rest may change what the server holds. */
const SAFE_METHODS: ReadonlySet<string> = new Set<HttpMethod>(['get', 'head', 'options', 'trace']);

export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toLowerCase());
}
