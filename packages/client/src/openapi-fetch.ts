import createClientImport from 'openapi-fetch';

// openapi-fetch's CJS build sets `exports.default`; Node's CJS interop (used by our CJS build) hands us the whole
// exports object as the default import. Accept both, so that `require('@vendor/api-client')` works too.
// The call is marked pure so that bundlers drop openapi-fetch from bundles that never create a client.
const defaultExport = <T>(module: T): T => (module as any).default ?? module;
export const createClient = /* @__PURE__ */ defaultExport(createClientImport);
