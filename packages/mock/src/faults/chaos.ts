// Chaos mode for soak tests (`--faults RATE --fault-kinds ... --latency MIN-MAX --seed S`): a fraction of
// requests fail, and every request lags, drawn from one seeded sequence so that a run can be replayed.
import { FAULT_KINDS, MAX_DELAY_MS, type FaultKind } from '../core/prefer-header.js';
import { seededRandom } from '../random/seeded-random.js';

/** A fault kind as an option takes it: '503' or 503, 'reset'. */
export type FaultKindOption = FaultKind | 429 | 500 | 502 | 503 | 504;

export interface FaultOptions {
  /** the fraction of requests that fail, from 0 to 1 */
  rate: number;
  /** what a failing request gets; default 429, 503 and reset */
  kinds?: ReadonlyArray<FaultKindOption>;
  /** the same seed fails the same requests (by arrival order); default: a random seed, printed by the CLI */
  seed?: string;
}

export interface LatencyOptions {
  /** milliseconds, drawn uniformly from min to max for each request */
  min: number;
  max: number;
}

export const DEFAULT_FAULT_KINDS: readonly FaultKind[] = ['429', '503', 'reset'];

export interface ChaosDraw {
  fault: FaultKind | undefined;
  delayMs: number;
}

export interface Chaos {
  /** the seed in use, so that a run can be replayed */
  readonly seed: string;
  readonly rate: number;
  readonly kinds: readonly FaultKind[];
  readonly latency: LatencyOptions | undefined;
  /** The next request's fate. */
  draw(): ChaosDraw;
}

/** undefined when neither faults nor latency are asked for; throws a message naming the option when one is wrong. */
export function createChaos(faults: FaultOptions | undefined, latency: LatencyOptions | undefined, fallbackSeed?: string): Chaos | undefined {
  if (faults === undefined && latency === undefined) return undefined;
  const rate = checkRate(faults?.rate ?? 0);
  const kinds = checkKinds(faults?.kinds ?? DEFAULT_FAULT_KINDS);
  const checkedLatency = latency === undefined ? undefined : checkLatency(latency);
  const seed = faults?.seed ?? fallbackSeed ?? randomSeed();
  const random = seededRandom(seed);
  return {
    seed,
    rate,
    kinds,
    latency: checkedLatency,
    draw() {
      // Three draws per request, always, so that the sequence of fates depends only on the seed and the order.
      const failRoll = random();
      const kindRoll = random();
      const delayRoll = random();
      const fails = failRoll < rate;
      return {
        fault: fails ? kinds[Math.floor(kindRoll * kinds.length)] : undefined,
        delayMs: checkedLatency === undefined ? 0 : Math.round(checkedLatency.min + delayRoll * (checkedLatency.max - checkedLatency.min)),
      };
    },
  };
}

function checkRate(rate: number): number {
  const inRange = Number.isFinite(rate) && rate >= 0 && rate <= 1;
  if (!inRange) throw new Error(`faults.rate must be a number from 0 to 1 (got ${rate})`);
  return rate;
}

function checkKinds(kinds: ReadonlyArray<FaultKindOption>): FaultKind[] {
  if (kinds.length === 0) throw new Error(`faults.kinds must name at least one of ${FAULT_KINDS.join(', ')}`);
  return kinds.map((kind) => {
    const known = FAULT_KINDS.find((candidate) => candidate === String(kind).trim().toLowerCase());
    if (known === undefined) throw new Error(`faults.kinds: ${kind} is not a fault; use ${FAULT_KINDS.join(', ')}`);
    return known;
  });
}

function checkLatency(latency: LatencyOptions): LatencyOptions {
  const { min, max } = latency;
  const valid = Number.isInteger(min) && Number.isInteger(max) && min >= 0 && min <= max && max <= MAX_DELAY_MS;
  if (!valid) throw new Error(`latency must be whole milliseconds with 0 <= min <= max <= ${MAX_DELAY_MS} (got min ${min}, max ${max})`);
  return { min, max };
}

function randomSeed(): string {
  return String(Math.floor(Math.random() * 1_000_000));
}
