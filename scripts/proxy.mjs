// `npm run proxy -- --upstream URL [...]`: the validation proxy (@vendor/api-mock's `proxy` command) checking against
// openapi/spec.yaml as authored, so that its report says which of the spec's gap-filling facts the traffic confirmed
// or contradicted.
import { runMockCommandWithAuthoredSpec } from './lib/mock-cli-with-authored-spec.mjs';

await runMockCommandWithAuthoredSpec('proxy');
