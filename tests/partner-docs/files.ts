// The text partners read, as files of the repository: the READMEs, the docs (their generators and the generated
// document the site is built from) and the mock's CLI (its usage, banner and error messages). The guards of this
// folder scan these.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '../..');

export interface PartnerFile {
  /** relative to the repository root */
  file: string;
  text: string;
}

/** Files under `dir` (relative to the root) whose name matches `name`, in subfolders too. */
function filesUnder(dir: string, name: RegExp): string[] {
  const absolute = path.join(repoRoot, dir);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .map((entry) => path.join(dir, entry))
    .filter((file) => name.test(path.basename(file)) && statSync(path.join(repoRoot, file)).isFile());
}

/** Each package's and app's README, and the root one. */
function readmes(): string[] {
  const workspaces = ['packages', 'apps'].flatMap((parent) =>
    readdirSync(path.join(repoRoot, parent)).map((name) => path.join(parent, name, 'README.md')),
  );
  return ['README.md', ...workspaces].filter((file) => existsSync(path.join(repoRoot, file)));
}

/** The READMEs and docs/*.md. */
export function readmeFiles(): string[] {
  return [...readmes(), ...filesUnder('docs', /\.md$/)];
}

/** What the docs site is made of: its generators and the generated document (with its samples and downloads). */
export function docsFiles(): string[] {
  return [...filesUnder('apps/docs/codegen', /\.mjs$/), ...filesUnder('apps/docs/src/generated', /\.(json|ya?ml|ts)$/)];
}

/** The mock's CLI: the bin npx runs and the sources of its usage lines, banner and messages. */
export function mockCliFiles(): string[] {
  return [...filesUnder('packages/mock/bin', /\.m?js$/), ...filesUnder('packages/mock/src', /\.ts$/)];
}

/** The MCP server's CLI: its bin and the sources of its usage, log lines and messages (not the generated tools). */
export function mcpCliFiles(): string[] {
  return [...filesUnder('packages/mcp/bin', /\.m?js$/), ...filesUnder('packages/mcp/src', /\.ts$/)].filter((file) => !file.includes(`${path.sep}generated${path.sep}`));
}

/** The client's hand-written sources: their doc comments are what an editor shows a partner. */
export function clientSourceFiles(): string[] {
  return filesUnder('packages/client/src', /\.ts$/).filter((file) => !file.includes(`${path.sep}generated${path.sep}`));
}

export function read(files: string[]): PartnerFile[] {
  return files.map((file) => ({ file, text: readFileSync(path.join(repoRoot, file), 'utf8') }));
}

/** `file:line: text around the match`, for a match at `index` of the file's text (generated JSON is one long line). */
export function locate({ file, text }: PartnerFile, index: number): string {
  const line = text.slice(0, index).split('\n').length;
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  const lineEnd = text.indexOf('\n', index) === -1 ? text.length : text.indexOf('\n', index);
  const around = text.slice(Math.max(lineStart, index - 60), Math.min(lineEnd, index + 100));
  return `${file}:${line}: ${around.trim()}`;
}
