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
 * angle bracket, brace, `#`, or non-ASCII), and without `.` or `..` segments (also percent-encoded), which the
 * parser resolves. Read in one pass over the characters: two regular expressions over every target cost more.
 */
function isPlainTarget(target: string): boolean {
  if (target.charCodeAt(0) !== SLASH || target.charCodeAt(1) === SLASH) return false;
  for (let index = 0; index < target.length; index++) {
    const code = target.charCodeAt(index);
    if (code >= PLAIN_CHARACTERS.length || PLAIN_CHARACTERS[code] === 0) return false;
    if (code === SLASH && startsDotSegment(target, index + 1)) return false;
  }
  return true;
}

const SLASH = 0x2f;
const DOT = 0x2e;
const PERCENT = 0x25;

/** The path's characters (letters, digits and `_-.~!$&()*+,;=:@/%`) and, in the query, `?` too: `?` may only ever start or be in the query. */
const PLAIN_CHARACTERS = plainCharacters('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-.~!$&()*+,;=:@/%?');

function plainCharacters(characters: string): Uint8Array {
  const table = new Uint8Array(128);
  for (let index = 0; index < characters.length; index++) table[characters.charCodeAt(index)] = 1;
  return table;
}

/** `.` or `%2e` (any case) right after a slash. */
function startsDotSegment(target: string, index: number): boolean {
  const code = target.charCodeAt(index);
  if (code === DOT) return true;
  if (code !== PERCENT) return false;
  return target.charCodeAt(index + 1) === 0x32 && (target.charCodeAt(index + 2) | 0x20) === 0x65;
}

export function parseRequestTarget(target: string): RequestTarget {
  if (!isPlainTarget(target)) return new URL(target, TARGET_BASE);
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
