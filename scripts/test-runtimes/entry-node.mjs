// The check under Node and Bun: `node entry-node.mjs <mockUrl> <fixtures.json>`; prints one `RESULT {...}` line.
import * as client from '@vendor/api-client';
import * as mockModule from '@vendor/api-mock/fetch';
import { runChecks } from './checks.mjs';

const [mockUrl, fixturesJson] = process.argv.slice(2);
const result = await runChecks(client, mockModule, mockUrl, JSON.parse(fixturesJson));
const isBun = typeof globalThis.Bun !== 'undefined';
const version = isBun ? `bun ${globalThis.Bun.version}` : `node ${process.version}${process.release.lts ? ` (LTS ${process.release.lts})` : ''}`;
console.log(`RESULT ${JSON.stringify({ ...result, version, lts: process.release.lts ?? null })}`);
