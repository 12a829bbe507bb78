// The parts of BENCHMARKS.md about the mock's in-process fetch (`@vendor/api-mock/fetch`): what it weighs in a
// browser bundle (bench/bundle-size-mock.mjs) and what one call costs next to the HTTP mock (bench/mock-fetch-per-call.mjs).
import { fixed, int, ms, percent, times } from './format.mjs';

/** Lines for the bundle section: the split of `@vendor/api-mock/fetch` (results.bundle.mockFetch). */
export function renderMockFetchSplit(split) {
  const out = ['**`@vendor/api-mock/fetch`** (`createMockFetch`, a test tool: no budget), what it is made of.'];
  if (!split) return [...out, '', 'Not measured in this run.', ''];
  if (split.error) return [...out, '', `Not measured in this run: ${split.error}`, ''];
  out.push(
    `Bundled like the rows above, from ${split.source}, where the spec and the validators are files of their own; ${split.method}. gzip is not additive, so the parts add up to the whole only roughly.`,
    '',
    '| part | minified B | min+gzip B | share of min+gzip |',
    '| --- | ---: | ---: | ---: |',
  );
  for (const part of split.parts) out.push(`| ${part.title} | ${int(part.minified)} | ${int(part.gzip)} | ${percent(part.gzip / split.whole.gzip)} |`);
  out.push(`| ${split.rest.title} | ${int(split.rest.minified)} | ${int(split.rest.gzip)} | ${percent(split.rest.gzip / split.whole.gzip)} |`);
  out.push(`| whole, from the sources | ${int(split.whole.minified)} | ${int(split.whole.gzip)} | 100% |`, '');
  return out;
}

/** Lines for the mock section: per-call cost of the in-process fetch and of the HTTP mock (results.mock.perCall). */
export function renderPerCall(perCall) {
  const out = ['**Per call: the in-process fetch next to the HTTP mock.**'];
  if (!perCall) return [...out, '', 'Not measured in this run.', ''];
  if (perCall.error) return [...out, '', `Not measured in this run: ${perCall.error}`, ''];
  out.push(
    `\`await f(url, init)\` and reading the body, \`${perCall.request}\`, ${int(perCall.calls)} timed calls per variant after ${int(perCall.warmup)} warm-up,`,
    `round-robin in batches of ${perCall.batch} (order rotating), in the bench process after the autocannon runs. First call: the in-process`,
    `engine is built then (importing \`@vendor/api-mock/fetch\` took ${ms(perCall.importMs, 0)} before it).`,
    '',
    '| variant | median µs | p90 µs | mean µs | first call ms |',
    '| --- | ---: | ---: | ---: | ---: |',
  );
  for (const [id, v] of Object.entries(perCall.variants)) {
    out.push(`| ${v.title} (\`${id}\`) | ${fixed(v.medianUs)} | ${fixed(v.p90Us)} | ${fixed(v.meanUs)} | ${fixed(v.firstCallMs)} |`);
  }
  const r = perCall.ratios;
  out.push(
    '',
    `In-process / HTTP (median): ${times(r.inProcessVsHttp)}. Journal on / off (median): in-process ${times(r.journalInProcess)}, HTTP ${times(r.journalHttp)}.`,
    '',
  );
  return out;
}
