// Every way partner-facing text tells someone to run the MCP server names the scoped package: `npx @vendor/api-mcp`,
// or its command (`vendor-api-mcp`, or the older `api-mcp`) only beside `--package @vendor/api-mcp`. npx given an
// unscoped command alone, outside a project that has the package installed, asks the public registry for it.
import { describe, expect, test } from 'vitest';
import { docsFiles, mcpCliFiles, read, readmeFiles, type PartnerFile } from './files';

/** The command names as words of their own: not `@vendor/api-mcp`, a path (`bin/api-mcp.mjs`, `.bin/vendor-api-mcp`) or a tarball. */
const COMMAND_NAME = /(?<![\w@/.-])(vendor-)?api-mcp(?![\w.-])/;
/** A command line of a shell block or prose (`npx ...`), or the `args` of a host's JSON block that npx runs. */
const RUNS_NPX = /\bnpx\b|"args"\s*:/;
const FETCHES_SCOPED = /--package["',\s]+@vendor\/api-mcp\b/;

function unscopedRuns(files: PartnerFile[]): string[] {
  const found: string[] = [];
  for (const { file, text } of files) {
    text.split('\n').forEach((line, index) => {
      const runsByName = RUNS_NPX.test(line) && COMMAND_NAME.test(line);
      if (runsByName && !FETCHES_SCOPED.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
    });
  }
  return found;
}

const partnerFiles = () => read([...readmeFiles(), ...docsFiles(), ...mcpCliFiles()]);

describe('commands that run the MCP server', () => {
  test('the scan covers the READMEs and the CLI, and finds the commands by name where they are', () => {
    const files = partnerFiles();
    for (const file of ['packages/mcp/README.md', 'packages/mcp/src/cli-options.ts', 'packages/mcp/src/api-connection.ts', 'packages/mcp/bin/api-mcp.mjs']) {
      expect(files.map((f) => f.file)).toContain(file);
    }
    // A scan that never met the command by name would pass on anything.
    const namedWithPackage = files.flatMap((f) => f.text.split('\n')).filter((line) => RUNS_NPX.test(line) && COMMAND_NAME.test(line));
    expect(namedWithPackage.length).toBeGreaterThanOrEqual(2);
  });

  test('no README, docs file or CLI source runs vendor-api-mcp or api-mcp through npx without --package @vendor/api-mcp', () => {
    expect(unscopedRuns(partnerFiles())).toEqual([]);
  });

  test('control: the guard finds an unscoped run, and only there', () => {
    const sample: PartnerFile = {
      file: 'sample.md',
      text: [
        'npx vendor-api-mcp --mock',
        '"args": ["-y", "api-mcp", "--mock"]',
        'npx -y --package @vendor/api-mcp --package @vendor/api-mock vendor-api-mcp --mock',
        '"args": ["-y", "--package", "@vendor/api-mcp", "vendor-api-mcp"]',
        'npx @vendor/api-mcp --mock',
        '"args": ["/path/to/repo/packages/mcp/bin/api-mcp.mjs", "--mock"]',
        'npm install /tmp/vendor-api-mcp-*.tgz && npx @vendor/api-mcp',
      ].join('\n'),
    };
    expect(unscopedRuns([sample])).toEqual(['sample.md:1: npx vendor-api-mcp --mock', 'sample.md:2: "args": ["-y", "api-mcp", "--mock"]']);
  });
});
