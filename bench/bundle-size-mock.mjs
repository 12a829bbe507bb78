// Section 2, the mock's part: what `@vendor/api-mock/fetch` (createMockFetch, the whole mock in-process; a test
// tool, so not budgeted) adds to a browser bundle, and what that is made of. Same esbuild options as the client.
// - Two rows of the bundle table, from the built package (what a user's bundler gets): everything bundled, and
//   json-schema-faker left external (the entry without the body generator).
// - The split (spec, validators, json-schema-faker, jose, the rest), from the mock's sources: dist/fetch.js inlines
//   the spec and the validators into one file, so only the sources tell them apart. A part's bytes are what cutting
//   it out saves (whole − the same bundle without it), minified and after gzip; gzip is not additive, so the parts
//   add up to the whole only roughly. "The rest" is the bundle with all four cut out.
import { BUNDLE_OPTIONS, bundle, gzipSize, measure } from './lib/bundle.mjs';
import { isMain, writeSectionResult } from './section.mjs';

const EXPORT = `export { createMockFetch } from '@vendor/api-mock/fetch';`;
const SOURCE = `export { createMockFetch } from './packages/mock/src/fetch.ts';`;

export const ENTRIES = [
  {
    id: 'mock-fetch-all',
    title: '@vendor/api-mock/fetch, createMockFetch: everything bundled (spec, validators, json-schema-faker, jose)',
    code: EXPORT,
    summarizeInputs: inputsByPackage,
  },
  {
    id: 'mock-fetch-no-jsf',
    title: '@vendor/api-mock/fetch, createMockFetch, json-schema-faker left external',
    code: EXPORT,
    external: ['json-schema-faker'],
    summarizeInputs: inputsByPackage,
  },
];

/** The parts of the split; each is cut out either as an external package or by a stub in place of its file. */
export const PARTS = [
  {
    id: 'spec',
    title: 'the spec (openapi.json, inlined)',
    stub: { filter: /[\\/]packages[\\/]types[\\/]src[\\/]generated[\\/]openapi\.json$/, contents: '{}', loader: 'json' },
  },
  {
    id: 'validators',
    title: "the precompiled validators (ajv standalone code, ajv's runtime helpers inlined)",
    stub: {
      filter: /[\\/]packages[\\/]mock[\\/]src[\\/]generated[\\/]validators\.ts$/,
      contents: "export const fingerprint = '';\nexport function loadValidators() { return {}; }\n",
      loader: 'ts',
    },
  },
  { id: 'json-schema-faker', title: 'json-schema-faker (bodies for `Prefer: dynamic=true`)', external: 'json-schema-faker' },
  { id: 'jose', title: "jose (the sandbox's signed tokens)", external: 'jose' },
];

/** Bytes per package (node_modules/<name>) or per file of ours: jose alone is dozens of files. */
function inputsByPackage(inputs) {
  const sums = new Map();
  for (const { file, bytesInOutput } of inputs) {
    const key = packageOf(file);
    sums.set(key, (sums.get(key) ?? 0) + bytesInOutput);
  }
  return [...sums].map(([file, bytesInOutput]) => ({ file, bytesInOutput })).sort((a, b) => b.bytesInOutput - a.bytesInOutput);
}

function packageOf(file) {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file);
  if (match) return `node_modules/${match[1]}`;
  return file;
}

/** An esbuild plugin that loads `contents` in place of each stubbed file. */
function stubPlugin(stubs) {
  return {
    name: 'bench-stub',
    setup(build) {
      for (const stub of stubs) build.onLoad({ filter: stub.filter }, () => ({ contents: stub.contents, loader: stub.loader }));
    },
  };
}

/** The sources bundled with `parts` cut out: { minified, gzip }. */
async function sourceSize(parts) {
  const external = parts.filter((p) => p.external).map((p) => p.external);
  const stubs = parts.filter((p) => p.stub).map((p) => p.stub);
  const { bytes } = await bundle({ id: `mock-fetch-source-without-${parts.map((p) => p.id).join('-') || 'nothing'}`, code: SOURCE, external, plugins: [stubPlugin(stubs)] });
  return { minified: bytes.length, gzip: gzipSize(bytes) };
}

async function measureSplit() {
  const whole = await sourceSize([]);
  const parts = [];
  for (const part of PARTS) {
    const without = await sourceSize([part]);
    parts.push({ id: part.id, title: part.title, minified: whole.minified - without.minified, gzip: whole.gzip - without.gzip });
  }
  const rest = await sourceSize(PARTS);
  return {
    source: 'packages/mock/src/fetch.ts (the sources of dist/fetch.js)',
    method: "a part's bytes = the whole − the same bundle with that part cut out (external package, or its file stubbed)",
    whole,
    parts,
    rest: { title: "the rest: the mock's own code and @vendor/spec-model", ...rest },
  };
}

/** The rows for the bundle table and the split; a failure is recorded (and shown), not fatal to the client's rows. */
export async function measureMockFetch() {
  try {
    const entries = [];
    for (const entry of ENTRIES) entries.push(await measure(entry));
    return { entries, split: await measureSplit() };
  } catch (error) {
    process.stderr.write(`  bundle: @vendor/api-mock/fetch not measured: ${error?.stack ?? error}\n`);
    return { entries: [], split: { error: String(error?.message ?? error).split('\n')[0] } };
  }
}

async function run() {
  const { entries, split } = await measureMockFetch();
  return { options: BUNDLE_OPTIONS, entries, mockFetch: split };
}

if (isMain(import.meta.url)) await writeSectionResult(run);
