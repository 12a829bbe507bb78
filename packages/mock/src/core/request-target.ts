// The path and query of a request target, as the WHATWG URL parser reads them. Parsing with `new URL()` was the
// largest single cost of a stateless GET (about a tenth of its CPU); most targets are plain, and for those the
// parser's answer is the text itself, so they are split instead. Anything the parser would change goes to it.

/** The parts of a request's URL that the pipeline reads; a `URL` has them too. */
export interface RequestTarget {
  /** e.g. /api/svc/v1/teams/t1, still percent-encoded */
  readonly pathname: string;
  /** '?' and the query, or '' when there is none */
  readonly search: string;
  readonly hash: string;
  readonly searchParams: URLSearchParams;
}

/** Only the path and query of a request target are read; the origin is a placeholder. */
const TARGET_BASE = 'http://mock.invalid';

/**
 * A target the URL parser leaves as it is: an absolute path (not `//`, which the parser reads as a host) and an
 * optional query, made only of characters it never percent-encodes or rewrites (no backslash, space, quote,
 * angle bracket, brace, `#`, or non-ASCII).
 */
const PLAIN_TARGET = /^\/(?!\/)[\w\-.~!$&()*+,;=:@/%]*(?:\?[\w\-.~!$&()*+,;=:@/%?]*)?$/;

/** `.` and `..` segments (also percent-encoded) are resolved by the parser. */
const DOT_SEGMENT = /\/\.|\/%2e/i;

export function parseRequestTarget(target: string): RequestTarget {
  const isPlain = PLAIN_TARGET.test(target) && !DOT_SEGMENT.test(target);
  if (!isPlain) return new URL(target, TARGET_BASE);
  const queryStart = target.indexOf('?');
  if (queryStart < 0) return new PlainTarget(target, '');
  const hasQuery = queryStart < target.length - 1;
  return new PlainTarget(target.slice(0, queryStart), hasQuery ? target.slice(queryStart) : '');
}

class PlainTarget implements RequestTarget {
  readonly hash = '';
  private query: URLSearchParams | undefined = undefined;

  constructor(
    readonly pathname: string,
    readonly search: string,
  ) {}

  /** Made on first read: most requests (a PUT's body, a GET by id) never look at their query. */
  get searchParams(): URLSearchParams {
    if (this.query === undefined) this.query = new URLSearchParams(this.search);
    return this.query;
  }
}
