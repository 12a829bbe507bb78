// Reads a parameter's raw value(s) out of a request, split or collected as its style says. The one place
// that decodes path values: request validation checks them, sandbox handlers read them, both the same way.
import type { RequestHeaders } from '../core/exchange.js';
import type { MockParameter } from '../spec/operation-table.js';

/** What a parameter's value is read from: the router's path values, the query string, the headers. */
export interface ParameterSource {
  /** path parameters as the router matched them (percent-encoded), by template name */
  pathParams: Readonly<Record<string, string>>;
  query: URLSearchParams;
  headers: RequestHeaders;
}

/** The raw value(s) of one parameter; undefined when absent. */
export function parameterValue(param: MockParameter, request: ParameterSource): unknown {
  if (param.in === 'path') {
    const raw = request.pathParams[param.name];
    if (raw === undefined) return undefined;
    const value = decodePathSegment(raw);
    return param.array ? value.split(',') : value;
  }
  if (param.in === 'header') {
    const raw = request.headers[param.name.toLowerCase()];
    if (raw === undefined) return undefined;
    const value = Array.isArray(raw) ? raw.join(', ') : raw;
    return param.array ? value.split(',').map((v) => v.trim()) : value;
  }
  const all = request.query.getAll(param.name);
  if (all.length === 0) return undefined;
  if (!param.array) return all.length === 1 ? all[0] : all;
  if (param.explode) return all;
  const separator = param.style === 'spaceDelimited' ? ' ' : param.style === 'pipeDelimited' ? '|' : ',';
  return all[0]!.split(separator);
}

/** A path value as the client meant it: percent-decoded, or as sent when it is not valid percent-encoding. */
export function decodePathSegment(raw: string): string {
  const isEncoded = raw.includes('%');
  if (!isEncoded) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw; // a stray % is still a value to validate, not a crash
  }
}
