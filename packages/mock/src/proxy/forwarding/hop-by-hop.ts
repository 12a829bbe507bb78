// Headers that belong to one connection, not to the request or answer (RFC 9110 7.6.1): the proxy drops them
// both ways, with any the Connection header names, and passes every other header on as it came.
import { headerValue, type AnswerHeaders, type RequestHeaders } from '../../core/exchange.js';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

/** `headers` (a request's or an answer's, lower-case names as node:http gives them) without hop-by-hop ones. */
export function endToEndHeaders(headers: RequestHeaders): AnswerHeaders {
  const dropped = new Set([...HOP_BY_HOP, ...namedByConnection(headerValue(headers, 'connection'))]);
  const kept: AnswerHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (dropped.has(name)) continue;
    kept[name] = value;
  }
  return kept;
}

/** `Connection: close, x-foo` also makes x-foo hop-by-hop. */
function namedByConnection(connection: string | undefined): string[] {
  if (connection === undefined) return [];
  return connection.split(',').map((name) => name.trim().toLowerCase()).filter((name) => name !== '');
}

/** One string per header, repeated values joined as HTTP joins them: what CheckedExchange keeps. */
export function flatHeaders(headers: AnswerHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (Array.isArray(value)) flat[name] = value.join(', ');
    else flat[name] = value;
  }
  return flat;
}
