// A base URL that request paths are joined to: the proxy's upstreams and verify's targets. Http(s) only, and
// without query or fragment: those would have to be merged with every request's own, so they are refused, not guessed.

/** What a base URL must be, as errors say it (never with the URL itself: it may carry a password). */
export const BASE_URL_RULE = 'an http(s) URL (without query or fragment)';

/** The URL when `raw` is an http(s) URL without query or fragment, else undefined. */
export function parseBaseUrl(raw: unknown): URL | undefined {
  if (typeof raw !== 'string') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  const isHttp = url.protocol === 'http:' || url.protocol === 'https:';
  const hasNoExtras = url.search === '' && url.hash === '';
  if (!isHttp || !hasNoExtras) return undefined;
  return url;
}
