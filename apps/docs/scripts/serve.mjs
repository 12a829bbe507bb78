#!/usr/bin/env node
// `npm run serve -w @vendor/api-docs [-- --port 8080]`: serves the built dist/ on 127.0.0.1.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStaticServer } from './static-server.mjs';

const portArg = process.argv.indexOf('--port');
const port = portArg > 0 ? Number(process.argv[portArg + 1]) : 8080;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const server = await startStaticServer({ root, port });
console.log(`API docs: ${server.url}/`);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => server.close().then(() => process.exit(0)));
