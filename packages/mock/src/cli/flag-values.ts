// The readers of flag values that the commands' flag tables name: each checks the text and returns the value, or
// throws one line naming the flag and the rule. The flag comes as an argument, so `-p x` is reported as --port.
import { BASE_URL_RULE, parseBaseUrl } from '../core/base-url.js';
import { FAULT_KINDS, type FaultKind } from '../core/prefer-header.js';
import type { LatencyOptions } from '../faults/chaos.js';
import { readSize } from '../sandbox/limits/sizes.js';
import { readTenantTtl } from '../sandbox/tenant-ttl.js';
import type { OptionRule } from '../verify/option-rules.js';

/** A port to listen on: an integer from 0 (any free port) to 65535. */
export function readPort(raw: string, flag: string): number {
  const port = Number(raw);
  const inRange = /^\d+$/.test(raw) && port <= 65535;
  if (!inRange) throw new Error(`${flag} must be an integer from 0 to 65535 (got ${raw})`);
  return port;
}

/** A fraction of requests, from 0 to 1. */
export function readRate(raw: string, flag: string): number {
  const rate = Number(raw);
  const inRange = /^\d*\.?\d+$/.test(raw) && rate >= 0 && rate <= 1;
  if (!inRange) throw new Error(`${flag} must be a fraction from 0 to 1, e.g. ${flag} 0.1 (got ${raw})`);
  return rate;
}

/** Comma-separated fault kinds, in any case. */
export function readFaultKinds(raw: string, flag: string): FaultKind[] {
  return raw.split(',').map((part) => {
    const kind = FAULT_KINDS.find((known) => known === part.trim().toLowerCase());
    if (kind === undefined) throw new Error(`${flag}: ${part.trim()} is not a fault; use ${FAULT_KINDS.join(', ')}`);
    return kind;
  });
}

/** MIN-MAX milliseconds (or one number for both), at most two minutes. */
export function readLatency(raw: string, flag: string): LatencyOptions {
  const match = /^(\d{1,6})(?:-(\d{1,6}))?$/.exec(raw);
  const min = match === null ? NaN : Number(match[1]);
  const max = match === null ? NaN : Number(match[2] ?? match[1]);
  const valid = match !== null && min <= max && max <= 120_000;
  if (!valid) throw new Error(`${flag} must be MIN-MAX milliseconds with MIN <= MAX <= 120000, e.g. ${flag} 20-200 (got ${raw})`);
  return { min, max };
}

/** How many requests the journal keeps; 0 turns it off. */
export function readJournalSize(raw: string, flag: string): number {
  const isCount = /^\d{1,7}$/.test(raw);
  if (!isCount) throw new Error(`${flag} must be a whole number of requests, 0 to turn the journal off (got ${raw})`);
  return Number(raw);
}

/** Comma-separated origins; blanks between commas are skipped. */
export function readOrigins(raw: string, flag: string): string[] {
  const origins = raw.split(',').map((origin) => origin.trim()).filter(Boolean);
  for (const origin of origins) checkOrigin(origin, flag);
  return origins;
}

/** An origin is scheme://host[:port] with nothing after it: what browsers send in the Origin header. */
function checkOrigin(origin: string, flag: string): void {
  let parsed: URL | undefined;
  try {
    parsed = new URL(origin);
  } catch {
    parsed = undefined;
  }
  const isOrigin = parsed !== undefined && parsed.origin === origin;
  if (!isOrigin) throw new Error(`${flag} must be an origin like http://localhost:5173 (scheme, host and port only; got ${origin})`);
}

/** An http(s) URL without query or fragment, kept as typed. Never repeated in the error: it may carry a password. */
export function readUpstream(raw: string, flag: string): string {
  const isBaseUrl = parseBaseUrl(raw) !== undefined;
  if (!isBaseUrl) throw new Error(`${flag} must be ${BASE_URL_RULE}`);
  return raw;
}

/** A duration such as 7d, kept as typed: the sandbox reads it again (and its banner prints it). */
export function readDuration(raw: string, flag: string): string {
  readTenantTtl(raw, flag);
  return raw;
}

/** A timeout such as 10s or 1m, kept as typed (the sandbox reads it again); 0 keeps Node's default. */
export function readTimeoutFlag(raw: string, flag: string): string {
  if (raw === '0') return raw;
  readTenantTtl(raw, flag);
  return raw;
}

/** A whole number of requests or records, 0 to turn the limit off. */
export function readLimit(raw: string, flag: string): number {
  const isCount = /^\d{1,9}$/.test(raw);
  if (!isCount) throw new Error(`${flag} must be a whole number, 0 to turn it off (got ${raw})`);
  return Number(raw);
}

/** How many Postgres connections one instance may open: 1 to 1000 (Postgres's own default cap is 100 in all). */
export function readPoolSize(raw: string, flag: string): number {
  const size = Number(raw);
  const inRange = /^\d{1,4}$/.test(raw) && size >= 1 && size <= 1000;
  if (!inRange) throw new Error(`${flag} must be a whole number of connections from 1 to 1000 (got ${raw})`);
  return size;
}

/** A size such as 512kB or 10MB, kept as typed: the sandbox reads it again (and its banner prints it). */
export function readSizeFlag(raw: string, flag: string): string {
  readSize(raw, flag);
  return raw;
}

/** A reader by a rule that an API checks its callers' values by too (verify's options): one rule, one message. */
export function readByRule<T>(rule: OptionRule<T>): (raw: string, flag: string) => T {
  return (raw, flag) => {
    const value = rule.fromText(raw);
    const problem = rule.problem(value, flag);
    if (problem === undefined) return value;
    throw new Error(rule.echoesText ? `${problem} (got ${raw})` : problem);
  };
}

/** text (the default) or json. */
export function readLogFormat(raw: string, flag: string): 'text' | 'json' {
  const format = raw.trim().toLowerCase();
  if (format !== 'text' && format !== 'json') throw new Error(`${flag} must be text or json (got ${raw})`);
  return format;
}

const LOG_LEVEL_NAMES = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

/** One of pino's levels, by name. */
export function readLogLevel(raw: string, flag: string): string {
  const level = raw.trim().toLowerCase();
  if (!LOG_LEVEL_NAMES.includes(level)) throw new Error(`${flag} must be one of ${LOG_LEVEL_NAMES.join(', ')} (got ${raw})`);
  return level;
}

/** How long to drain before the port closes: a duration such as 5s or 1m, or 0; milliseconds. */
export function readDrainDelay(raw: string, flag: string): number {
  if (raw === '0') return 0;
  const ms = readTenantTtl(raw, flag);
  if (ms > 10 * 60_000) throw new Error(`${flag} must be at most 10m (got ${raw})`);
  return ms;
}
