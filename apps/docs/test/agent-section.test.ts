// The introduction's "Use the API from an agent" section: its mcpServers block is JSON a host accepts, naming our
// scoped package and the variables the server reads.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { docsRoot } from './support/docs-bundle.js';

const description: string = JSON.parse(readFileSync(path.join(docsRoot, 'src/generated/openapi.docs.json'), 'utf8')).info.description;

test('the published introduction has the section, before Support, with an mcpServers block that parses', () => {
  const start = description.indexOf('## Use the API from an agent');
  expect(start).toBeGreaterThan(0);
  const support = description.indexOf('## Support');
  if (support >= 0) expect(start).toBeLessThan(support);
  const block = /```json\n([\s\S]*?)\n```/.exec(description.slice(start))![1]!;
  const server = JSON.parse(block).mcpServers['platform-api'];
  expect(server).toEqual({
    command: 'npx',
    args: ['-y', '@vendor/api-mcp'],
    env: { VENDOR_API_TOKEN: '<your API token>', VENDOR_API_BASE_URL: 'https://api.vendor.example', VENDOR_API_GATEWAY_BASE_URL: 'https://gateway.vendor.example' },
  });
  expect(description.slice(start)).toContain('--allow-destructive');
});
