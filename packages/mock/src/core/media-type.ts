// Media types as both directions of the API carry them: the one reading of a Content-Type header.

/** The media type of a Content-Type value, lower-cased, without parameters: `application/json`. */
export function mediaTypeOf(contentType: string | undefined): string | undefined {
  if (contentType === undefined) return undefined;
  // Sliced rather than split: read on every request with a body, and most carry no parameters at all.
  const parametersStart = contentType.indexOf(';');
  const mediaType = parametersStart < 0 ? contentType : contentType.slice(0, parametersStart);
  return mediaType.trim().toLowerCase();
}

/** application/json and application/...+json: the bodies the mock parses and the proxy reads whole to check. */
export function isJsonMediaType(mediaType: string | undefined): boolean {
  if (mediaType === undefined) return false;
  return mediaType === 'application/json' || /^application\/[^/]+\+json$/.test(mediaType);
}
