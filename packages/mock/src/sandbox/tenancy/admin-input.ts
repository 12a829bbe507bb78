// The admin API's request bodies, checked field by field: an unknown field, a wrong type or a value outside its
// rule is a 400 that names the field and the rule (never a crash, never silently ignored).
import { readSize } from '../limits/sizes.js';
import { checkExpiresIn, DEFAULT_EXPIRES_IN, SUBJECT_PATTERN, TENANT_PATTERN } from '../tokens.js';
import type { LimitOverrides, TenantStatus } from './tenant-registry.js';

export interface InputProblem {
  field: string;
  rule: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: InputProblem };

export interface NewTenant {
  name: string;
  limits: LimitOverrides;
}

export interface TenantChange {
  status?: TenantStatus;
  limits?: LimitOverrides;
}

export interface TokenRequest {
  subject: string | undefined;
  expiresIn: string;
}

const TENANT_RULE = '1 to 63 lower-case letters, digits or -, starting with a letter or digit';
const LIMIT_RULE = 'a whole number, 0 to turn the limit off, or null for the sandbox default';
const STATUSES: readonly TenantStatus[] = ['active', 'suspended'];

class Refused extends Error {
  constructor(readonly problem: InputProblem) {
    super(`${problem.field}: ${problem.rule}`);
  }
}

function refuse(field: string, rule: string): never {
  throw new Refused({ field, rule });
}

/** Runs a checker; a Refused becomes the 400's problem. */
function checked<T>(check: () => T): Checked<T> {
  try {
    return { ok: true, value: check() };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, problem: error.problem };
    throw error;
  }
}

export function checkTenantName(name: string, field = 'name'): Checked<string> {
  return checked(() => {
    if (!TENANT_PATTERN.test(name)) refuse(field, `must be ${TENANT_RULE}`);
    return name;
  });
}

export function readNewTenant(body: unknown): Checked<NewTenant> {
  return checked(() => {
    const fields = objectOf(body, '(body)', ['name', 'limits']);
    if (typeof fields.name !== 'string' || !TENANT_PATTERN.test(fields.name)) refuse('name', `is required and must be ${TENANT_RULE}`);
    return { name: fields.name, limits: fields.limits === undefined ? {} : readLimits(fields.limits) };
  });
}

export function readTenantChange(body: unknown): Checked<TenantChange> {
  return checked(() => {
    const fields = objectOf(body, '(body)', ['status', 'limits']);
    const change: TenantChange = {};
    if (fields.status !== undefined) {
      if (!STATUSES.includes(fields.status as TenantStatus)) refuse('status', `must be one of ${STATUSES.join(', ')}`);
      change.status = fields.status as TenantStatus;
    }
    if (fields.limits !== undefined) change.limits = readLimits(fields.limits);
    if (change.status === undefined && change.limits === undefined) refuse('(body)', 'must change status or limits');
    return change;
  });
}

export function readTokenRequest(body: unknown): Checked<TokenRequest> {
  return checked(() => {
    const fields = objectOf(body ?? {}, '(body)', ['subject', 'expiresIn']);
    if (fields.subject !== undefined && (typeof fields.subject !== 'string' || !SUBJECT_PATTERN.test(fields.subject))) {
      refuse('subject', 'must look like user:EMAIL or team:NAME (a kind, a colon and a name)');
    }
    const expiresIn = fields.expiresIn ?? DEFAULT_EXPIRES_IN;
    const isDuration = typeof expiresIn === 'string' && /^\d+\s*[a-z]+$/i.test(expiresIn.trim()) && durationIsValid(expiresIn);
    if (!isDuration) refuse('expiresIn', 'must be a positive duration such as 30m, 1h or 7d');
    return { subject: fields.subject as string | undefined, expiresIn: (expiresIn as string).trim() };
  });
}

function durationIsValid(text: string): boolean {
  try {
    checkExpiresIn(text);
    return !/^0+\s*[a-z]/i.test(text.trim());
  } catch {
    return false;
  }
}

function readLimits(value: unknown): LimitOverrides {
  const fields = objectOf(value, 'limits', ['rateLimit', 'maxRecords', 'maxTenantBytes']);
  const limits: LimitOverrides = {};
  for (const key of ['rateLimit', 'maxRecords'] as const) {
    const given = fields[key];
    if (given === undefined) continue;
    const isCount = given === null || (Number.isInteger(given) && (given as number) >= 0 && (given as number) <= 1_000_000_000);
    if (!isCount) refuse(`limits.${key}`, `must be ${LIMIT_RULE}`);
    limits[key] = given as number | null;
  }
  const bytes = fields.maxTenantBytes;
  if (bytes !== undefined) limits.maxTenantBytes = bytes === null ? null : readBytes(bytes);
  return limits;
}

function readBytes(value: unknown): number {
  const isSizeLike = typeof value === 'number' || typeof value === 'string';
  if (!isSizeLike) refuse('limits.maxTenantBytes', `must be a size such as 10MB or a number of bytes, 0 to turn it off, or null for the sandbox default`);
  try {
    return readSize(value as string | number, 'limits.maxTenantBytes');
  } catch {
    return refuse('limits.maxTenantBytes', 'must be a size such as 512kB, 10MB or a whole number of bytes, 0 to turn it off, or null for the sandbox default');
  }
}

function objectOf(value: unknown, field: string, allowed: readonly string[]): Record<string, unknown> {
  const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isObject) refuse(field, `must be a JSON object with ${allowed.join(', ')}`);
  const unknown = Object.keys(value as object).find((key) => !allowed.includes(key));
  const prefix = field === '(body)' ? '' : `${field}.`;
  if (unknown !== undefined) refuse(`${prefix}${unknown}`, `is not a field here; use ${allowed.join(', ')}`);
  return value as Record<string, unknown>;
}
