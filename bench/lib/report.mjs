// BENCHMARKS.md from bench/results.json. Written by `npm run bench` only.
import { bytes, fixed, int, kB, mb, ms, percent, seconds, table, times } from './format.mjs';
import { renderMockSection } from './report-mock-throughput.mjs';
import { renderMockFetchSplit } from './report-mock-fetch.mjs';
import { renderProxySection } from './report-proxy.mjs';
import { renderSandboxSection } from './report-sandbox.mjs';
import { renderNoisySection } from './report-noisy.mjs';
import { renderFleetSection } from './report-fleet.mjs';
import { renderVerifySection } from './report-verify.mjs';

export function budgetValue(b) {
  if (b.value === undefined) return 'not measured';
  return b.unit === 'B' ? bytes(b.value) : `${fixed(b.value, 3)}${b.unit}`;
}
export function budgetLimit(b) {
  return b.unit === 'B' ? `${b.op} ${bytes(b.budget)}` : `${b.op} ${b.budget}${b.unit}`;
}
export function budgetMargin(b) {
  return b.unit === 'B' ? `±${bytes(b.margin)}` : `±${b.margin}${b.unit}`;
}
export function budgetHeadroom(b) {
  if (b.headroom === undefined) return '–';
  const margins = b.slack / b.margin;
  return `${percent(b.headroom, 1)} (${fixed(margins, 1)} margins)`;
}
export function budgetStatus(b) {
  if (b.value === undefined) return 'FAIL (no value)';
  if (!b.pass) return 'FAIL';
  return b.atRisk ? 'pass, AT RISK (headroom < margin)' : 'pass';
}

/** Budgets ordered closest to failing first: missed and unmeasured ones, then by headroom in margins. */
export function rankBudgets(evaluated) {
  const key = (b) => (b.slack === undefined ? -Infinity : b.slack / b.margin);
  return [...evaluated].sort((a, b) => key(a) - key(b));
}

export function closestLine(evaluated) {
  const missed = evaluated.filter((b) => !b.pass).map((b) => `\`${b.id}\``);
  const met = rankBudgets(evaluated.filter((b) => b.pass));
  const parts = [];
  if (missed.length) parts.push(`Missed: ${missed.join(', ')}.`);
  if (met.length) parts.push(`Closest to failing${missed.length ? ' among those met' : ''}: \`${met[0].id}\`, headroom ${budgetHeadroom(met[0])}.`);
  return parts.join(' ');
}

/** Under a section's heading: that it failed, and, in a merged partial run, that its result is an earlier run's. */
function sectionNotes(s, meta) {
  const notes = [];
  if (s?.error) notes.push(`> This section failed in this run: ${s.error.split('\n')[0]}`);
  const kept = s?.measured !== undefined && s.measured.date !== meta.date;
  if (kept) notes.push(`> Kept from an earlier run (${s.measured.date}, commit ${s.measured.commitShort ?? '?'}${s.measured.dirty ? ', with uncommitted changes' : ''}): not re-measured in this one.`);
  if (notes.length === 0) return '';
  return `\n${notes.join('\n>\n')}\n`;
}

/** The meta table's note on a partial run: what it refreshed, and what it kept from earlier runs. */
function partialRunNote(m) {
  if (!m.partial) return '';
  let note = ` (partial run: refreshed ${m.sections.join(', ')}`;
  const kept = (m.carried ?? []).map((c) => `${c.id} from ${c.date}`);
  if (kept.length > 0) note += `; kept ${kept.join(', ')}`;
  return `${note})`;
}

function clientTable(mode) {
  const variants = Object.keys(mode.stats.get);
  return table(
    ['variant', 'GET median µs', 'GET p90 µs', 'GET × fetch', 'GET × openapi-fetch', 'PUT median µs', 'PUT p90 µs', 'PUT × fetch', 'PUT × openapi-fetch'],
    variants.map((v) => [
      `\`${v}\``,
      fixed(mode.stats.get[v].medianUs),
      fixed(mode.stats.get[v].p90Us),
      times(mode.ratios.get[v].vsFetch),
      times(mode.ratios.get[v].vsOpenapiFetch),
      fixed(mode.stats.put[v].medianUs),
      fixed(mode.stats.put[v].p90Us),
      times(mode.ratios.put[v].vsFetch),
      times(mode.ratios.put[v].vsOpenapiFetch),
    ]),
  );
}

export function renderMarkdown(results) {
  const m = results.meta;
  const s = results.settings;
  const out = [];
  out.push('# Benchmarks', '');
  out.push('<!-- Written by `npm run bench` (scripts/bench.mjs) from bench/results.json. Do not edit by hand. -->', '');
  out.push(
    'One run, every section side by side on the same machine. The machine is shared and noisy, so compare the rows of a table',
    'with each other (they were measured interleaved) rather than with another run. Budgets live in `bench/config.mjs`;',
    '`npm run bench:check` checks them against `bench/results.json`.',
    '',
  );
  out.push(
    table(
      ['', ''],
      [
        ['Date', m.date],
        ['Commit', `\`${m.commit ?? 'unknown'}\`${m.dirty ? ' (with uncommitted changes)' : ''}`],
        ['Node', m.node],
        ['CPU', `${m.cpuCount} × ${m.cpuModel}`],
        ['OS', m.platform],
        ['Memory', `${m.totalMemoryGiB} GiB`],
        ['Load average at start (1, 5, 15 min)', m.loadAverageAtStart.join(', ')],
        ['Run time', `${seconds(m.seconds, 0)}${partialRunNote(m)}`],
      ],
      'll',
    ),
    '',
  );

  out.push('## Budgets', '');
  out.push(
    'Headroom is the distance to the budget as a share of the budget, and in margins (the run-to-run noise written next to',
    'each budget in `bench/config.mjs`). Fewer than 1 margin of headroom means the next noisy run may fail.',
    '',
  );
  out.push(
    table(
      ['budget', 'measured', 'limit', 'margin', 'headroom', 'status'],
      results.budgets.map((b) => [`${b.title} (\`${b.id}\`)`, budgetValue(b), budgetLimit(b), budgetMargin(b), budgetHeadroom(b), budgetStatus(b)]),
      'lrrrrl',
    ),
    '',
  );
  out.push(closestLine(results.budgets), '');

  const c = results.client;
  out.push('## 1. Client per-call overhead', sectionNotes(c, m));
  if (c && !c.error) {
    out.push(
      `The same calls through four variants, round-robin in batches of ${c.http.batch} with a rotating order, after a warm-up,`,
      `in one Node process. GET: \`${c.operations.get}\`; PUT: \`${c.operations.put}\`. Every call is timed on its own; times in µs.`,
      '',
    );
    for (const [k, v] of Object.entries(c.variants)) out.push(`- \`${k}\`: ${v}`);
    out.push('');
    out.push(
      `**Over HTTP**: a \`node:http\` server in the same process on 127.0.0.1 serves the spec's examples (${int(c.http.callsPerVariantAndMethod)} calls per variant and method, ${int(c.http.warmupPerVariantAndMethod)} warm-up).`,
      '',
      clientTable(c.http),
      '',
      `**Stubbed fetch** (no network; \`fetch\` returns a Response built before the batch), the client's own cost (${int(c.stub.callsPerVariantAndMethod)} calls per variant and method, ${int(c.stub.warmupPerVariantAndMethod)} warm-up):`,
      '',
      clientTable(c.stub),
      '',
    );
  }

  const b = results.bundle;
  out.push('## 2. Bundle size', sectionNotes(b, m));
  if (b && !b.error) {
    out.push(`esbuild ${b.esbuild}: ${b.options}. The client is measured from its built \`dist\` (what a consumer installs).`, '');
    out.push(
      table(
        ['entry', 'minified B', 'min+gzip B', 'min+brotli B'],
        b.entries.map((e) => [`${e.title} (\`${e.id}\`)`, int(e.minified), int(e.gzip), int(e.brotli)]),
      ),
      '',
    );
    out.push(...renderMockFetchSplit(b.mockFetch));
  }

  out.push(...renderMockSection(results.mock, sectionNotes(results.mock, m)));
  out.push(...renderSandboxSection(results.sandbox, sectionNotes(results.sandbox, m)));
  out.push(...renderNoisySection(results.noisy, sectionNotes(results.noisy, m)));
  out.push(...renderFleetSection(results.fleet, sectionNotes(results.fleet, m)));
  out.push(...renderProxySection(results.proxy, sectionNotes(results.proxy, m)));
  out.push(...renderVerifySection(results.verify, sectionNotes(results.verify, m)));

  const p = results.pipeline;
  out.push('## 4. Pipeline', sectionNotes(p, m));
  if (p && !p.error) {
    out.push('Wall time of each command, run once, from the repository root.', '');
    out.push(
      table(
        ['step', 'command', 'seconds', 'exit', 'turbo / tests'],
        p.steps.map((st) => [
          st.title,
          `\`${st.command}\``,
          fixed(st.seconds, 1),
          st.timedOut ? 'timed out' : String(st.exitCode),
          st.turbo.tasksTotal !== undefined ? `${st.turbo.cached}/${st.turbo.tasksTotal} cached${st.turbo.fullTurbo ? ', FULL TURBO' : ''}${st.tests ? `; ${st.tests}` : ''}` : st.tests ?? '',
        ]),
        'llrrl',
      ),
      '',
    );
    for (const st of p.steps.filter((x) => !x.ok)) {
      const failedTasks = (st.outputTail ?? []).find((l) => /^Failed:/.test(l.trim()));
      out.push(`\`${st.command}\` ${st.timedOut ? 'timed out' : `exited with ${st.exitCode}`} in this run${failedTasks ? ` (${failedTasks.trim()})` : ''}; its time still counts the whole run. The output's last lines are in bench/results.json.`, '');
    }
    if (p.skipped?.test) out.push('`npm test` was skipped (BENCH_SKIP_TEST=1).', '');
  }

  const t = results.typecheck;
  out.push('## 5. Type-check cost', sectionNotes(t, m));
  if (t && !t.error) {
    out.push(
      `TypeScript ${t.typescript}, \`tsc --noEmit --extendedDiagnostics -p bench/typecheck/tsconfig.<consumer>.json\`, median of ${t.consumers[0].runs} interleaved runs.`,
      `\`all-operations.ts\` is generated from the bundle and calls all ${t.operations} operations. Options: strict, module NodeNext, lib ES2022+DOM, skipLibCheck.`,
      '',
      table(
        ['consumer', 'wall s', 'tsc check s', 'tsc total s', 'types', 'instantiations', 'memory MB'],
        t.consumers.map((cn) => [`${cn.title} (\`${cn.id}\`)`, fixed(cn.wallSeconds, 2), fixed(cn.checkSeconds, 2), fixed(cn.totalSeconds, 2), int(cn.types), int(cn.instantiations), fixed(cn.memoryMB, 1)]),
      ),
      '',
      `Difference, all-operations − empty: ${seconds(t.difference.wallSeconds, 2)} wall, ${seconds(t.difference.checkSeconds, 2)} check time, ${int(t.difference.types)} types, ${mb(t.difference.memoryMB)}.`,
      '',
    );
  }

  const d = results.docs;
  out.push('## 6. Docs page', sectionNotes(d, m));
  if (d && !d.error) {
    out.push(
      `apps/docs/dist/index.html served by the docs' static server (sirv, precompressed files) to Chromium ${d.chromium}, ${d.loads} cold loads per setting (median).`,
      `Throttled: ${fixed((d.throttle.downloadThroughput * 8) / 1e6, 0)} Mbit/s down, ${d.throttle.latency} ms round trip.`,
      '',
      table(
        ['page', 'plain', 'gzip', 'brotli', 'on the wire', 'first contentful paint', 'load event', 'FCP throttled', 'load throttled'],
        [[`index.html (${d.encodings.filter((e) => e !== 'identity').join(', ') || 'identity'})`, kB(d.files.plain), kB(d.files.gzip), kB(d.files.brotli), kB(d.wireBytes), `${ms(d.fcpMs, 0)} (${fixed(d.fcpMinMs, 0)}–${fixed(d.fcpMaxMs, 0)})`, ms(d.loadMs, 0), ms(d.fcpThrottledMs, 0), ms(d.loadThrottledMs, 0)]],
      ),
      '',
    );
    if (d.markdown) {
      const md = d.markdown;
      out.push(
        `Markdown pages for tools (operations and shapes, read whole by an assistant): ${int(md.pages)} pages, ${kB(md.totalBytes)} in all; the largest ${md.top.map((page) => `\`${page.name}\` ${kB(page.bytes)}`).join(', ')}; llms-full.txt ${kB(md.llmsFullBytes)}.`,
        '',
      );
    }
  }

  const mcp = results.mcp;
  out.push('## MCP server (`@vendor/api-mcp`)', sectionNotes(mcp, m));
  if (mcp && !mcp.error) {
    out.push(
      `\`@vendor/api-mcp\` as a user installs it: the packed tarballs installed into an empty project (npm, from its cache), bytes of every file in node_modules. \`@vendor/api-mock\` is an optional peer that only \`--mock\` needs: it is ${percent(mcp.mockShare, 0)} of the install with it.`,
      '',
      table(
        ['install', 'node_modules', 'packages', 'largest'],
        mcp.installs.map((install) => [install.title, mb(install.bytes / 1e6), int(install.packageCount), install.largest.slice(0, 5).map((p) => `${p.name} ${mb(p.bytes / 1e6)}`).join(', ')]),
      ),
      '',
      `Start-up: spawn of the installed bin to \`tools/list\` answered, over stdio (Node ${mcp.node}), the modes alternating.`,
      '',
      table(
        ['mode', 'runs', 'median', 'min', 'max', 'tools listed'],
        mcp.starts.map((start) => [start.title, int(start.runs), ms(start.medianMs, 0), ms(start.minMs, 0), ms(start.maxMs, 0), int(start.tools)]),
      ),
      '',
    );
    if (mcp.listings) {
      out.push(
        'Size of `tools/list` (characters of the JSON of its tools, what a host puts into the model\'s context), with `--mock`, in each way of listing the tools:',
        '',
        table(
          ['listing', 'tools', 'characters', 'of which output schemas'],
          mcp.listings.map((listing) => [listing.title, int(listing.tools), int(listing.characters), int(listing.outputSchemaCharacters)]),
        ),
        '',
      );
    }
  }

  const py = results.python;
  out.push('## Python SDK (`vendor-api`)', sectionNotes(py, m));
  if (py && !py.error) {
    out.push(
      `Python ${py.python}, httpx ${py.httpx}, the locked venv of the package's tests. Per call: \`PlatformClient\` against bare httpx sending the same request to the mock over loopback (started by \`vendor_api.testing.start_mock()\`), ${int(py.calls)} calls per variant, round-robin in batches of 50; bare httpx reads the JSON, the SDK its pydantic model.`,
      '',
      table(
        ['request', 'bare httpx median', 'SDK median', 'SDK / httpx', 'httpx p90', 'SDK p90'],
        Object.entries(py.perCall).map(([method, r]) => [
          method === 'get' ? 'GET getTeam' : 'PUT createOrUpdateMcpServer',
          `${fixed(r.variants.httpx.medianUs, 0)} µs`,
          `${fixed(r.variants.sdk.medianUs, 0)} µs`,
          times(r.sdkVsHttpx),
          `${fixed(r.variants.httpx.p90Us, 0)} µs`,
          `${fixed(r.variants.sdk.p90Us, 0)} µs`,
        ]),
      ),
      '',
      `Import of \`vendor_api\` in a fresh interpreter: ${ms(py.import.sdk.medianMs, 0)} median of ${int(py.import.sdk.runs)} (${fixed(py.import.sdk.minMs, 0)}–${fixed(py.import.sdk.maxMs, 0)} ms); \`import httpx, pydantic\` alone: ${ms(py.import.dependencies.medianMs, 0)}. Wheel \`${py.wheel.name}\`: ${bytes(py.wheel.bytes)}.`,
      '',
    );
  }

  out.push('## Reproduce', '');
  out.push(
    '```sh',
    'npm ci',
    'npm run bench          # writes BENCHMARKS.md and bench/results.json',
    'npm run bench:check    # fails when a budget in bench/config.mjs is missed',
    '```',
    '',
    'Settings of this run (environment overrides in parentheses): ' +
      [
        `client ${s.client.httpCalls} HTTP / ${s.client.stubCalls} stubbed calls per variant and method (BENCH_CLIENT_HTTP_CALLS, BENCH_CLIENT_STUB_CALLS)`,
        `mock ${s.mock.seconds} s per run (BENCH_MOCK_SECONDS), ${s.mock.connections} connections (BENCH_MOCK_CONNECTIONS), Prism log level ${s.mock.prismLogLevel} (BENCH_PRISM_LOG), ${s.mock.calls ?? '–'} calls per variant in the per-call comparison (BENCH_MOCK_CALLS)`,
        `npm test ${s.pipeline.skipTest ? 'skipped' : 'timed'} (BENCH_SKIP_TEST=1 skips it)`,
        `tsc runs ${s.typecheck.runs} (BENCH_TSC_RUNS)`,
        `proxy ${s.proxy?.calls ?? '–'} sequential requests per target (BENCH_PROXY_CALLS), ${s.proxy?.seconds ?? '–'} s of autocannon per target (BENCH_PROXY_SECONDS)`,
        `verify ${s.verify?.cases ?? '–'} cases per operation (BENCH_VERIFY_CASES), ${s.verify?.runs ?? '–'} runs per target (BENCH_VERIFY_RUNS)`,
        `Python SDK ${s.python?.calls ?? '–'} calls per variant and request (BENCH_PYTHON_CALLS), ${s.python?.importRuns ?? '–'} interpreters per import time (BENCH_PYTHON_IMPORT_RUNS)`,
      ].join('; ') +
      '. `BENCH_ONLY=client,bundle,mock,pipeline,typecheck,docs,sandbox,noisy,fleet,proxy,mcp,verify,python` runs a subset and merges it into the existing `bench/results.json`.',
    '',
  );
  return out.join('\n');
}
