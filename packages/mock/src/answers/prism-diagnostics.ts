// Turns Prism's input diagnostics (query, path and header validation) into the mock's violations.
import type { Violation } from '../types.js';

export interface PrismDiagnostic {
  path?: Array<string | number>;
  code?: string | number;
  message: string;
  severity: number;
}

const ERROR = 0;

/** Prism lower-cases parameter names in some messages; this gives back the name the spec declares. */
export type NameFixer = (name: string) => string;

export function fromPrismDiagnostics(diagnostics: readonly PrismDiagnostic[], fixName: NameFixer = (n) => n): Violation[] {
  return diagnostics.filter((d) => d.severity === ERROR).map((d) => fromPrismDiagnostic(d, fixName));
}

function fromPrismDiagnostic(d: PrismDiagnostic, fixName: NameFixer): Violation {
  const location = (d.path ?? []).map(String).map((token, i) => (i === 1 ? fixName(token) : token));
  const rule = typeof d.code === 'string' ? d.code : 'invalid';
  const rawMissing = /required property '([^']+)'/.exec(d.message)?.[1];
  const missing = rawMissing === undefined ? undefined : fixName(rawMissing);
  if (rule === 'required' && missing) {
    const full = [...location, missing];
    return { location: full, rule, message: `${full.join('.')} is required` };
  }
  // Prism words it "Request query parameter limit must be <= 25": keep its rule text, name the field our way.
  const ruleText = d.message
    .replace(/^(Request|Response) (query parameter|path parameter|header|body property|body)\s*/i, '')
    .replace(/^\S+\s+(?=must\b)/, '')
    .trim();
  return { location, rule, message: `${location.join('.')} ${ruleText || d.message}` };
}
