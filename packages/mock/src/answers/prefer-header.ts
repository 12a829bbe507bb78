// Parses Prism's `Prefer: code=404, example=notFound` request header (and `dynamic=true`).
import type { Violation } from '../types.js';

export interface Preferences {
  code?: number;
  exampleKey?: string;
  /** `dynamic=true`: a body generated from the schema (by Prism) instead of a documented example */
  dynamic?: boolean;
}

export function parsePrefer(header: string | string[] | undefined): Preferences | Violation {
  const value = Array.isArray(header) ? header.join(',') : header;
  const preferences: Preferences = {};
  if (!value) return preferences;
  for (const part of value.split(/[,;]/)) {
    const [rawKey, ...rest] = part.split('=');
    const key = rawKey?.trim().toLowerCase();
    const raw = rest.join('=').trim().replace(/^"(.*)"$/, '$1');
    if (!key) continue;
    if (key === 'code') {
      if (!/^\d{3}$/.test(raw)) {
        return preferViolation('format', 'code must be a 3-digit HTTP status, e.g. Prefer: code=404');
      }
      preferences.code = Number(raw);
    } else if (key === 'example') {
      if (raw === '') {
        return preferViolation('format', 'example must name an example, e.g. Prefer: example=notFound');
      }
      preferences.exampleKey = raw;
    } else if (key === 'dynamic') {
      if (raw !== 'true' && raw !== 'false') return preferViolation('format', 'dynamic must be true or false, e.g. Prefer: dynamic=true');
      preferences.dynamic = raw === 'true';
    }
    // other preferences (seed, respond-async, ...) are ignored
  }
  return preferences;
}

export function isPreferViolation(parsed: Preferences | Violation): parsed is Violation {
  return 'rule' in parsed;
}

/** A violation of the Prefer header: the request asked for something the mock cannot serve. */
export function preferViolation(rule: string, text: string): Violation {
  return { location: ['header', 'prefer'], rule, message: `header.prefer ${text}` };
}
