// The W3C Trace Context an incoming request may carry (`traceparent: 00-<trace id>-<parent id>-<flags>`): its trace
// id joins the request's log line, its journal entry and its span, so one partner's call can be followed through.
// Read only where it is shown (the journal builds its entries when they are read), never on the hot path.
import { headerValue, type RequestHeaders } from './exchange.js';

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const INVALID_TRACE_ID = '0'.repeat(32);
const INVALID_PARENT_ID = '0'.repeat(16);

/** The trace id of a valid `traceparent` header, else undefined (a malformed one is ignored, as the spec says). */
export function traceIdOf(headers: RequestHeaders): string | undefined {
  const raw = headerValue(headers, 'traceparent');
  if (raw === undefined) return undefined;
  const match = TRACEPARENT.exec(raw.trim().toLowerCase());
  if (match === null) return undefined;
  const [, version, traceId, parentId] = match;
  const isValid = version !== 'ff' && traceId !== INVALID_TRACE_ID && parentId !== INVALID_PARENT_ID;
  return isValid ? traceId : undefined;
}
