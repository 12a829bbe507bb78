// Small builders for the sandbox handlers' answers: success bodies, and errors the pipeline renders in the
// operation's own shape.
import type { MockError } from '../../core/error-shapes.js';
import type { SandboxAnswer } from '../../pipeline/seams.js';

export function ok(body: unknown, status = 200): SandboxAnswer {
  return { status, body };
}

/** 404 naming the field that held the unknown id, e.g. ['path', 'id'] or ['body', 'id']. */
export function notFound(location: string[], message: string, rule = 'not_found'): SandboxAnswer {
  return { error: { status: 404, kind: 'not-found', message, violations: [{ location, rule, message }] } };
}

/** A rule of the stored state the request breaks (duplicate name, bad page token, ...): status and field. */
export function refused(status: number, location: string[], rule: string, message: string): SandboxAnswer {
  return { error: { status, kind: 'invalid', message, violations: [{ location, rule, message }] } };
}

/** An error with only a message (control-plane 417, for example). */
export function failed(status: number, message: string): SandboxAnswer {
  const error: MockError = { status, kind: 'invalid', message };
  return { error };
}

export function unavailable(): SandboxAnswer {
  return {
    error: { status: 503, kind: 'unavailable', message: 'The sandbox database is unavailable; retry shortly (GET /_sandbox/health shows when it is back)' },
    headers: { 'retry-after': '1' },
  };
}
