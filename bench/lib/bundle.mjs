// What a browser user's bundler makes of a small entry: esbuild (bundle, minify, ESM, browser, es2022), then
// gzip -9 and brotli 11. The entry is passed on stdin, resolved from the repository root, so nothing is written
// to disk. Shared by bench/bundle-size.mjs (the client) and bench/bundle-size-mock.mjs (the mock's fetch).
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { build } from 'esbuild';
import { repoRoot } from './paths.mjs';

export const BUNDLE_OPTIONS = 'bundle, minify, format esm, platform browser, target es2022; gzip level 9, brotli quality 11';

/** Bundles `entry.code` ({ external?, plugins? }); returns the output bytes and the metafile's inputs. */
export async function bundle(entry) {
  const result = await build({
    stdin: { contents: entry.code, resolveDir: repoRoot, sourcefile: `${entry.id}.js`, loader: 'js' },
    absWorkingDir: repoRoot,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    legalComments: 'none',
    external: entry.external ?? [],
    plugins: entry.plugins ?? [],
    logLevel: 'silent',
  });
  const bytes = result.outputFiles[0].contents;
  const inputs = Object.entries(result.metafile.outputs[Object.keys(result.metafile.outputs)[0]].inputs)
    .map(([file, info]) => ({ file, bytesInOutput: info.bytesInOutput }))
    .filter((i) => i.bytesInOutput > 0)
    .sort((a, b) => b.bytesInOutput - a.bytesInOutput);
  return { bytes, inputs };
}

export function gzipSize(bytes) {
  return gzipSync(bytes, { level: 9 }).length;
}

export function brotliSize(bytes) {
  return brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

/** One row of the bundle table: minified, min+gzip and min+brotli bytes, and what went in. */
export async function measure(entry) {
  const { bytes, inputs } = await bundle(entry);
  return {
    id: entry.id,
    title: entry.title,
    minified: bytes.length,
    gzip: gzipSize(bytes),
    brotli: brotliSize(bytes),
    inputs: entry.summarizeInputs ? entry.summarizeInputs(inputs) : inputs,
  };
}
