// Reads the generated docs bundle (src/generated/openapi.docs.json) the site is built from.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const docsRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const repoRoot = path.resolve(docsRoot, '../..');
export const distDir = path.join(docsRoot, 'dist');
export const samplesDir = path.join(docsRoot, 'src/generated/samples');

export interface CodeSample { lang: string; label: string; source: string }
export interface DocsOperation {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  tag: string;
  gateway: boolean;
  codeSamples: CodeSample[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

export function readDocsBundle(): any {
  return JSON.parse(readFileSync(path.join(docsRoot, 'src/generated/openapi.docs.json'), 'utf8'));
}

export function docsOperations(doc: any = readDocsBundle()): DocsOperation[] {
  const ops: DocsOperation[] = [];
  for (const [p, item] of Object.entries<any>(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      ops.push({
        operationId: op.operationId,
        method,
        path: p,
        summary: op.summary,
        tag: op.tags?.[0],
        gateway: (item.servers ?? []).some((s: any) => String(s.url).includes('gateway_base_url')),
        codeSamples: op['x-codeSamples'] ?? [],
      });
    }
  }
  return ops;
}
