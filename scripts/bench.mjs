#!/usr/bin/env node
// `npm run bench`: runs every benchmark section (bench/*.mjs), each in its own child process with a time
// limit, then writes bench/results.json and BENCHMARKS.md. Not part of `npm test`.
// Order: the pipeline first (its cold build leaves fresh dist folders for the other sections), then bundle
// size, client overhead, type-check cost, mock throughput, docs page, sandbox, proxy latency, the MCP server, verify and
// the Python SDK. Exits 1 when a
// section failed (the results of the other sections are still written).
// A partial run (BENCH_ONLY) merges into the existing bench/results.json: the sections it did not run keep their
// earlier results, each stamped with the run that measured it (`measured`), and meta says which were refreshed.
import { existsSync, mkdirSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { settings, budgets, evaluateBudget } from '../bench/config.mjs';
import { benchDir, tmpDir, resultsPath, markdownPath, repoRoot } from '../bench/lib/paths.mjs';
import { machineInfo } from '../bench/lib/machine.mjs';
import { run as runCommand } from '../bench/lib/proc.mjs';
import { renderMarkdown } from '../bench/lib/report.mjs';

const SECTIONS = [
  { id: 'pipeline', file: 'pipeline.mjs', title: 'pipeline (cold build, cached build, npm test)' },
  { id: 'bundle', file: 'bundle-size.mjs', title: 'bundle size', needsBuild: true },
  { id: 'client', file: 'client-overhead.mjs', title: 'client per-call overhead', needsBuild: true },
  { id: 'typecheck', file: 'typecheck-cost.mjs', title: 'type-check cost', needsBuild: true },
  { id: 'mock', file: 'mock-throughput.mjs', title: 'mock throughput', needsBuild: true },
  { id: 'observe', file: 'mock-observability.mjs', title: 'what metrics and JSON logs cost the stateless mock', needsBuild: true },
  { id: 'docs', file: 'docs-page.mjs', title: 'docs page weight and paint', needsBuild: true },
  { id: 'sandbox', file: 'sandbox-throughput.mjs', title: 'sandbox vs stateless mock', needsBuild: true },
  { id: 'noisy', file: 'sandbox-noisy-neighbour.mjs', title: 'a noisy neighbour on a shared sandbox', needsBuild: true },
  { id: 'fleet', file: 'sandbox-fleet.mjs', title: 'a fleet on one Postgres: the shared limiter, two instances behind haproxy', needsBuild: true },
  { id: 'proxy', file: 'proxy-latency.mjs', title: 'proxy latency', needsBuild: true },
  { id: 'mcp', file: 'mcp-server.mjs', title: 'MCP server install size and start-up', needsBuild: true },
  { id: 'verify', file: 'verify-rate.mjs', title: 'verify cases per second', needsBuild: true },
  { id: 'python', file: 'python-sdk.mjs', title: 'Python SDK: per call vs bare httpx, import time, wheel size', needsBuild: true },
];

const log = (line) => process.stderr.write(`${line}\n`);

/** `node scripts/bench.mjs --render`: re-evaluates the budgets and rewrites BENCHMARKS.md from bench/results.json. */
function renderOnly() {
  const results = JSON.parse(readFileSync(resultsPath, 'utf8'));
  results.budgets = budgets.map((b) => evaluateBudget(b, results));
  writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(markdownPath, renderMarkdown(results));
  log(`bench: re-rendered ${path.relative(repoRoot, markdownPath)} from ${path.relative(repoRoot, resultsPath)} (no measurement)`);
}

/** Which run measured a section: kept on the section, so a merged results.json says where each part came from. */
function runStamp(meta) {
  return { date: meta.date, commitShort: meta.commitShort, dirty: meta.dirty, node: meta.node };
}

/** The results.json a partial run merges into; undefined (and a line why) when there is none or it is unreadable. */
function readPrevious() {
  if (!existsSync(resultsPath)) return undefined;
  try {
    return JSON.parse(readFileSync(resultsPath, 'utf8'));
  } catch (error) {
    log(`bench: ${path.relative(repoRoot, resultsPath)} is not valid JSON (${error.message}); writing this run's sections only`);
    return undefined;
  }
}

/**
 * A partial run's results merged into the previous results.json: the sections this run measured replace theirs,
 * every other section keeps its earlier result and settings (sections in SECTIONS order, so diffs stay small).
 * `meta.carried` lists the kept ones with the run that measured them; `meta.sections` the refreshed ones.
 */
function mergeWithPrevious(results, selected) {
  const previous = readPrevious();
  if (previous === undefined) return results;
  const refreshed = new Set(selected.map((s) => s.id));
  const merged = { meta: results.meta, settings: { ...results.settings } };
  const carried = [];
  for (const { id } of SECTIONS) {
    if (refreshed.has(id)) {
      merged[id] = results[id];
    } else if (previous[id] !== undefined) {
      // A section from before the stamps were kept: its run is the previous file's.
      const measured = previous[id].measured ?? runStamp(previous.meta ?? {});
      merged[id] = { ...previous[id], measured };
      carried.push({ id, ...measured });
      // Settings are per section (client, mock, ...): show those the kept result was measured with.
      if (previous.settings?.[id] !== undefined) merged.settings[id] = previous.settings[id];
    }
  }
  merged.meta.carried = carried;
  if (carried.length > 0) log(`bench: kept from ${path.relative(repoRoot, resultsPath)}: ${carried.map((c) => `${c.id} (${c.date ?? '?'})`).join(', ')}`);
  return merged;
}

async function main() {
  if (process.argv.includes('--render')) return renderOnly();
  const unknown = settings.only.filter((id) => !SECTIONS.some((s) => s.id === id));
  if (unknown.length) throw new Error(`BENCH_ONLY: unknown section(s) ${unknown.join(', ')}; known: ${SECTIONS.map((s) => s.id).join(', ')}`);
  const selected = SECTIONS.filter((s) => settings.only.length === 0 || settings.only.includes(s.id));
  mkdirSync(tmpDir, { recursive: true });
  const meta = machineInfo();
  const started = performance.now();
  log(`bench: Node ${meta.node}, ${meta.cpuCount} × ${meta.cpuModel}, commit ${meta.commitShort ?? '?'}${meta.dirty ? ' (dirty)' : ''}`);

  const results = { meta, settings };
  const builtByPipeline = selected.some((s) => s.id === 'pipeline') && !settings.pipeline.skipBuild;
  let ensured = builtByPipeline;
  let failed = 0;
  for (const section of selected) {
    if (section.needsBuild && !ensured) {
      log('bench: npm run build (the sections below measure the built packages)');
      const b = await runCommand('npm', ['run', 'build'], { cwd: repoRoot, timeoutMs: settings.pipeline.buildTimeoutMs, env: { FORCE_COLOR: '0' } });
      if (b.code !== 0) throw new Error(`npm run build failed (exit ${b.code}):\n${(b.stdout + b.stderr).split('\n').slice(-20).join('\n')}`);
      ensured = true;
    }
    log(`bench: ${section.title} ...`);
    const out = path.join(tmpDir, `${section.id}.json`);
    rmSync(out, { force: true });
    const t0 = performance.now();
    const r = await runCommand(process.execPath, [path.join(benchDir, section.file), '--out', out], {
      cwd: repoRoot,
      timeoutMs: settings.sectionTimeoutMs,
      echo: true,
    });
    const seconds = Math.round((performance.now() - t0) / 100) / 10;
    if (r.code === 0) {
      results[section.id] = { ...JSON.parse(readFileSync(out, 'utf8')), sectionSeconds: seconds, measured: runStamp(meta) };
      log(`bench: ${section.title} done in ${seconds} s`);
    } else {
      failed += 1;
      const why = r.timedOut ? `timed out after ${settings.sectionTimeoutMs} ms` : `exit ${r.code ?? r.signal}`;
      const tail = r.stderr.trim().split('\n').slice(-15).join('\n');
      results[section.id] = { error: `${why}: ${tail}`, sectionSeconds: seconds, measured: runStamp(meta) };
      log(`bench: ${section.title} FAILED (${why})`);
    }
  }

  meta.seconds = (performance.now() - started) / 1000;
  meta.sections = selected.map((s) => s.id);
  meta.partial = selected.length !== SECTIONS.length;
  const written = meta.partial ? mergeWithPrevious(results, selected) : results;
  written.budgets = budgets.map((b) => evaluateBudget(b, written)); // `value` is now the measured number
  writeFileSync(resultsPath, `${JSON.stringify(written, null, 2)}\n`);
  writeFileSync(markdownPath, renderMarkdown(written));
  log(`bench: wrote ${path.relative(repoRoot, resultsPath)} and ${path.relative(repoRoot, markdownPath)} in ${Math.round(meta.seconds)} s`);
  log('bench: run `npm run bench:check` to check the budgets');
  process.exitCode = failed ? 1 : 0;
}

main().catch((error) => {
  log(`bench: ${error?.stack ?? error}`);
  process.exitCode = 1;
});
