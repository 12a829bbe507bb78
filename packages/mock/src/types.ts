/** Which of the API's three error body schemas an operation uses (`x-error-shape` in the spec). */
export type ErrorShape = 'ml' | 'control-plane' | 'gateway';

/** Where a request value lives, as in the error `loc` of the ML shape. */
export type ViolationPlace = 'body' | 'query' | 'path' | 'header';

/** One broken rule of one request field. Never carries the field's value. */
export interface Violation {
  /** e.g. ['body', 'manifest', 'name'] or ['query', 'limit'] */
  location: string[];
  /** the rule that failed, e.g. 'pattern', 'required', 'maximum', 'discriminator', 'json' */
  rule: string;
  /** human-readable, names the field and the rule */
  message: string;
}

/** A JSON value as parsed from a request body. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** An OpenAPI document as plain JSON (the bundle). */
export type OpenApiDocument = Record<string, any>;
