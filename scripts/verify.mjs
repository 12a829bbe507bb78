// `npm run verify -- --base-url URL [...]`: @vendor/api-mock's `verify` command checking against openapi/spec.yaml as
// authored, so that its report says which of the spec's gap-filling facts the answers confirmed or contradicted. The
// token comes from VENDOR_API_TOKEN, as for the command itself.
import { runMockCommandWithAuthoredSpec } from './lib/mock-cli-with-authored-spec.mjs';

await runMockCommandWithAuthoredSpec('verify');
