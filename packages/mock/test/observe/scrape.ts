// A scrape of a running mock's metrics port, parsed by a real Prometheus text-format parser: the families by
// name, and the samples of one family that carry given labels.
import parsePrometheusTextFormat, { type ParsedFamily, type ParsedSample } from 'parse-prometheus-text-format';

export type Scrape = Map<string, ParsedFamily>;

export async function scrape(metricsUrl: string): Promise<Scrape> {
  const res = await fetch(`${metricsUrl}/metrics`);
  if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}`);
  return parseScrape(await res.text());
}

/**
 * The parser reads names, types, label sets and values, but folds a histogram's series into one when they carry
 * labels beside `le` (its flattening keeps only unlabelled ones). So a histogram's lines are parsed again without
 * their TYPE line, each `_bucket`, `_sum` and `_count` line then a labelled sample of its own, and grouped here by
 * their labels less `le`.
 */
export function parseScrape(text: string): Scrape {
  const families = new Map(parsePrometheusTextFormat(text).map((family) => [family.name, family]));
  for (const family of families.values()) {
    if (family.type === 'HISTOGRAM') family.metrics = histogramSeries(text, family.name);
  }
  return families;
}

function histogramSeries(text: string, name: string): ParsedSample[] {
  const isSampleOf = (line: string) => [`${name}_bucket`, `${name}_sum`, `${name}_count`].some((series) => line.startsWith(`${series}{`) || line.startsWith(`${series} `));
  const lines = text.split('\n').filter(isSampleOf);
  const series = new Map<string, ParsedSample>();
  for (const family of parsePrometheusTextFormat(`${lines.join('\n')}\n`)) {
    for (const sample of family.metrics) {
      const { le, ...labels } = sample.labels ?? {};
      const key = JSON.stringify(Object.entries(labels).sort());
      const entry = series.get(key) ?? { labels, buckets: {} };
      if (family.name.endsWith('_bucket') && le !== undefined) entry.buckets![le] = sample.value!;
      else if (family.name.endsWith('_sum')) entry.sum = sample.value!;
      else entry.count = sample.value!;
      series.set(key, entry);
    }
  }
  return [...series.values()];
}

/** The samples of `name` whose labels include all of `labels`. */
export function samples(scraped: Scrape, name: string, labels: Record<string, string> = {}): ParsedSample[] {
  const family = scraped.get(name);
  if (family === undefined) return [];
  return family.metrics.filter((sample) => Object.entries(labels).every(([key, value]) => sample.labels?.[key] === value));
}

/** The histogram's count of requests with these labels (0 when it has no such series). */
export function requestCount(scraped: Scrape, labels: Record<string, string>): number {
  return samples(scraped, 'http_server_request_duration_seconds', labels).reduce((sum, sample) => sum + Number(sample.count ?? 0), 0);
}

/** The refusals counted for `reason`. */
export function refusals(scraped: Scrape, reason: string): number {
  return samples(scraped, 'vendor_mock_refusals_total', { reason }).reduce((sum, sample) => sum + Number(sample.value ?? 0), 0);
}

/**
 * The series of the mock's own families (http_server_*, vendor_mock_*), each histogram bucket, count and sum counted
 * as the text format lists them. prom-client's process metrics are left out: their series come and go with the
 * runtime (a new kind of garbage collection, a new kind of handle), whatever the traffic.
 */
export function seriesCount(scraped: Scrape): number {
  let count = 0;
  for (const family of scraped.values()) {
    const isOwn = family.name.startsWith('http_server_') || family.name.startsWith('vendor_mock_');
    if (!isOwn) continue;
    for (const sample of family.metrics) count += sample.buckets === undefined ? 1 : Object.keys(sample.buckets).length + 2;
  }
  return count;
}
