// The caller in the control plane's subject form, for the `createdBySubject` of what a caller creates.
import type { Body } from '../store/record-store.js';
import type { Caller } from '../../core/caller.js';
import { hmacHex, hmacKey } from '../../core/web-crypto.js';

/** Digits of the subject's HMAC in its id: `sbx` + 21 hex digits. */
const SUBJECT_ID_DIGITS = 21;

// Imported once, on first use: loading the module does no crypto (workerd refuses some of it at global scope).
let subjectKey: Promise<CryptoKey> | undefined;

function subjectKeyOnce(): Promise<CryptoKey> {
  if (subjectKey === undefined) subjectKey = hmacKey('subject');
  return subjectKey;
}

/** A stable id for a subject string: the same subject gets the same id in every instance and backend. */
async function subjectIdOf(subject: string): Promise<string> {
  const digest = await hmacHex(await subjectKeyOnce(), subject);
  return `sbx${digest.slice(0, SUBJECT_ID_DIGITS)}`;
}

function subjectTypeOf(type: string | undefined): string {
  if (type === 'user' || type === 'team' || type === 'serviceaccount' || type === 'virtualaccount') return type;
  return 'user';
}

/** Async because Web Crypto's HMAC is; handlers await it once per write. */
export async function subjectOf(caller: Caller): Promise<Body> {
  const [type, ...rest] = caller.subject.split(':');
  const name = rest.join(':');
  return {
    subjectId: await subjectIdOf(caller.subject),
    subjectType: subjectTypeOf(type),
    subjectSlug: name,
    subjectDisplayName: name,
  };
}
