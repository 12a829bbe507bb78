import createClientImport from 'openapi-fetch';

// openapi-fetch's CJS build sets `exports.default`; Node's CJS interop (used by our CJS build) hands us the whole
// exports object as the default import. Accept both, so that `require('@vendor/api-client')` works too.
export const createClient: typeof createClientImport = (createClientImport as any).default ?? createClientImport;
