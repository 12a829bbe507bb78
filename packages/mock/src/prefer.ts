// Parses Prism's `Prefer: code=404, example=notFound` request header.
import type { Violation } from './types.js';

export interface Preferences {
  code?: number;
  exampleKey?: string;
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
        return { location: ['header', 'prefer'], rule: 'format', message: 'header.prefer code must be a 3-digit HTTP status, e.g. Prefer: code=404' };
      }
      preferences.code = Number(raw);
    } else if (key === 'example') {
      if (raw === '') {
        return { location: ['header', 'prefer'], rule: 'format', message: 'header.prefer example must name an example, e.g. Prefer: example=notFound' };
      }
      preferences.exampleKey = raw;
    }
    // other preferences (dynamic, seed) are ignored: the mock serves static examples only
  }
  return preferences;
}
