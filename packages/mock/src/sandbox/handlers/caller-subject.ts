// The caller in the control plane's subject form, for the `createdBySubject` of what a caller creates.
import { createHmac } from 'node:crypto';
import type { Body } from '../store/record-store.js';
import type { Caller } from '../tokens.js';

export function subjectOf(caller: Caller): Body {
  const [type, ...rest] = caller.subject.split(':');
  const name = rest.join(':');
  return {
    subjectId: `sbx${createHmac('sha256', 'subject').update(caller.subject).digest('hex').slice(0, 21)}`,
    subjectType: type === 'user' || type === 'team' || type === 'serviceaccount' || type === 'virtualaccount' ? type! : 'user',
    subjectSlug: name,
    subjectDisplayName: name,
  };
}
