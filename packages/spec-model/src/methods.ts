/** The eight operations a path item may hold, in the order the OpenAPI specification lists them. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** A lower-case HTTP method, as the key of an operation in a path item. */
export type HttpMethod = (typeof HTTP_METHODS)[number];
