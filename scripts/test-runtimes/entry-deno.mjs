// The check under Deno: `deno run entry-deno.mjs <mockUrl> <fixtures.json>`; prints one `RESULT {...}` line.
// `@vendor/api-client` resolves from the repository's node_modules, as `npm:@vendor/api-client` would once published.
import * as client from '@vendor/api-client';
import * as mockModule from '@vendor/api-mock/fetch';
import { runChecks } from './checks.mjs';

const [mockUrl, fixturesJson] = Deno.args;
const result = await runChecks(client, mockModule, mockUrl, JSON.parse(fixturesJson));
console.log(`RESULT ${JSON.stringify({ ...result, version: `deno ${Deno.version.deno}` })}`);
