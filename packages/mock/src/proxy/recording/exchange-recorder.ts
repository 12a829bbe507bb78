// `--record DIR`: the validation proxy keeps, per operation and status, a few distinct real answers as named
// OpenAPI examples, ready to paste under the response's `examples:` (`npm run examples:import -- DIR` prints the
// YAML). One file per exchange: DIR/<operationId>/<status>/recorded-<n>.json, an Example Object (record-example.ts).
// Recording is a side line of the proxy: writes go one at a time, and a failure is reported, never thrown.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CheckedExchange } from '../../conformance/checking/checked-exchange.js';
import { exampleOf, fingerprintOf, type RecordedExample } from './record-example.js';

export const DEFAULT_PER_STATUS = 5;

export interface ExchangeRecorderOptions {
  /** at most this many distinct examples per operation and status (default 5), counting files already in DIR */
  perStatus?: number;
  /** where the first write failure is reported (default: stderr); later ones are not, so a full disk says it once */
  warn?: (line: string) => void;
}

export interface ExchangeRecorder {
  /** Records the exchange if it makes a new example; resolves once it is written or passed over, never rejects. */
  add(exchange: CheckedExchange): Promise<void>;
  /** Waits for the writes under way; exchanges added later are not recorded. */
  close(): Promise<void>;
  /** How many files this recorder wrote. */
  written(): number;
  /** Why some exchanges of known operations made no example, one line per operation, status and reason. */
  skipped(): string[];
}

/** What the recorder knows of one DIR/<operationId>/<status>/ directory. */
interface Bucket {
  dir: string;
  /** undefined until the directory was read: files of an earlier run count towards the limit */
  fingerprints: Set<string> | undefined;
  count: number;
  nextNumber: number;
}

const RECORDED_FILE = /^recorded-(\d+)\.json$/;

export function createExchangeRecorder(dir: string, options: ExchangeRecorderOptions = {}): ExchangeRecorder {
  const perStatus = perStatusOf(options.perStatus);
  const warn = options.warn ?? warnOnStderr;
  const buckets = new Map<string, Bucket>();
  const skipNotes = new Set<string>();
  let queue: Promise<void> = Promise.resolve();
  let writtenCount = 0;
  let closed = false;
  let failureReported = false;

  function reportFailure(what: string, error: unknown): void {
    if (failureReported) return;
    failureReported = true;
    warn(`exchange recorder: could not ${what}: ${messageOf(error)} (recording goes on; later failures are not reported)`);
  }

  function bucketFor(operationId: string, status: number): Bucket {
    const key = `${operationId}\n${status}`;
    let bucket = buckets.get(key);
    if (bucket === undefined) {
      bucket = { dir: path.join(dir, directoryName(operationId), String(status)), fingerprints: undefined, count: 0, nextNumber: 1 };
      buckets.set(key, bucket);
    }
    return bucket;
  }

  /** Only inside the queue: the bucket's directory is read, then the file written, with no other write between. */
  async function store(bucket: Bucket, example: RecordedExample): Promise<void> {
    const fingerprints = await loadedFingerprints(bucket);
    if (bucket.count >= perStatus) return;
    const fingerprint = fingerprintOf(example);
    if (fingerprints.has(fingerprint)) return;
    await writeNewFile(bucket, `${JSON.stringify(example, null, 2)}\n`);
    fingerprints.add(fingerprint);
    bucket.count += 1;
    writtenCount += 1;
  }

  async function storeReporting(bucket: Bucket, example: RecordedExample): Promise<void> {
    try {
      await store(bucket, example);
    } catch (error) {
      reportFailure(`record an example in ${bucket.dir}`, error);
    }
  }

  function prepare(exchange: CheckedExchange): { bucket: Bucket; example: RecordedExample } | undefined {
    // Unknown operations have no place in the spec to paste an example to.
    if (exchange.operation === undefined) return undefined;
    const operationId = exchange.operation.operationId;
    const bucket = bucketFor(operationId, exchange.status);
    // Cheap early outs, decided again in the queue: most traffic repeats what is already recorded.
    if (bucket.count >= perStatus) return undefined;
    const made = exampleOf(exchange);
    if (made.kind === 'skipped') {
      skipNotes.add(`${operationId} ${exchange.status}: ${made.reason}`);
      return undefined;
    }
    if (bucket.fingerprints?.has(fingerprintOf(made.example))) return undefined;
    return { bucket, example: made.example };
  }

  return {
    add(exchange) {
      if (closed) return Promise.resolve();
      let prepared: ReturnType<typeof prepare>;
      try {
        prepared = prepare(exchange);
      } catch (error) {
        reportFailure(`record ${exchange.method} ${exchange.path}`, error);
        return Promise.resolve();
      }
      if (prepared === undefined) return Promise.resolve();
      const { bucket, example } = prepared;
      queue = queue.then(() => storeReporting(bucket, example));
      return queue;
    },
    async close() {
      closed = true;
      await queue;
    },
    written: () => writtenCount,
    skipped: () => [...skipNotes],
  };
}

function perStatusOf(perStatus: number | undefined): number {
  if (perStatus === undefined) return DEFAULT_PER_STATUS;
  if (!Number.isInteger(perStatus) || perStatus < 1) throw new RangeError(`perStatus must be a whole number from 1, not ${perStatus}`);
  return perStatus;
}

/** An operationId as a directory name: kept as it is when plain (they all are in our spec), escaped otherwise. */
export function directoryName(operationId: string): string {
  const plain = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(operationId);
  if (plain) return operationId;
  return encodeURIComponent(operationId).replace(/\./g, '%2E');
}

/** The fingerprints of the bucket's files, read once; their numbers and count continue from what is there. */
async function loadedFingerprints(bucket: Bucket): Promise<Set<string>> {
  if (bucket.fingerprints !== undefined) return bucket.fingerprints;
  const fingerprints = new Set<string>();
  for (const name of await filesIn(bucket.dir)) {
    const match = RECORDED_FILE.exec(name);
    if (match === null) continue;
    bucket.count += 1;
    bucket.nextNumber = Math.max(bucket.nextNumber, Number(match[1]) + 1);
    const fingerprint = await fingerprintOfFile(path.join(bucket.dir, name));
    if (fingerprint !== undefined) fingerprints.add(fingerprint);
  }
  bucket.fingerprints = fingerprints;
  return fingerprints;
}

async function filesIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return [];
    throw error;
  }
}

/** undefined for a file that is not an example (edited by hand, or cut short): it still takes its number. */
async function fingerprintOfFile(file: string): Promise<string | undefined> {
  try {
    const example = JSON.parse(await readFile(file, 'utf8')) as RecordedExample;
    return fingerprintOf(example);
  } catch {
    return undefined;
  }
}

/** Writes recorded-<n>.json with the next free number; never over an existing file (another process may write there too). */
async function writeNewFile(bucket: Bucket, text: string): Promise<void> {
  await mkdir(bucket.dir, { recursive: true });
  for (;;) {
    const file = path.join(bucket.dir, `recorded-${bucket.nextNumber}.json`);
    bucket.nextNumber += 1;
    try {
      await writeFile(file, text, { flag: 'wx' });
      return;
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
  }
}

function errorCode(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return undefined;
  return (error as { code?: unknown }).code;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

function warnOnStderr(line: string): void {
  process.stderr.write(`${line}\n`);
}
