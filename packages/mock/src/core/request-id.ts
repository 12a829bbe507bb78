// The request id every answer of the mock and the sandbox carries (`x-request-id`, the header both clients put on
// their errors); the journal keeps it, so the request behind a failed call can be found in GET /_mock/requests.
// Unique within a process by a counter, and across restarts by a random prefix; made without a clock or a
// Node built-in, since the mock also runs in browsers and workerd.
import { hex, randomBytes } from './web-crypto.js';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Makes the next request id: `req_` then 12 random hex digits (one per process) then a counter. */
export type NextRequestId = () => string;

export function createRequestIds(): NextRequestId {
  const prefix = `req_${hex(randomBytes(6))}`;
  let count = 0;
  return () => {
    count += 1;
    return prefix + count.toString(36).padStart(8, '0');
  };
}
