// The bench's settings from the environment (bench/config.mjs): a number or a flag by its BENCH_* name, and the
// autocannon settings a section shares with the others.

/** BENCH_* number: `fallback` when unset; a value below `min` (or not a number) stops the run with its name. */
export function envNumber(name, fallback, { min = 0 } = {}) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number >= ${min} (got ${raw})`);
  return value;
}

/** BENCH_* flag: on when set to anything but '', '0' or 'false'. */
export function envFlag(name) {
  const raw = process.env[name];
  return raw !== undefined && raw !== '' && raw !== '0' && raw.toLowerCase() !== 'false';
}

/**
 * The autocannon settings of a section (run by lib/load.mjs), each with its override BENCH_<section>_<setting>:
 * SECONDS, measured seconds per server and scenario; ROUNDS, those seconds split into this many runs, the servers
 * alternating (ABBA); WARMUP_SECONDS, a discarded run of each server before each scenario (0 = none); CONNECTIONS.
 */
export function loadSettings(section) {
  const override = (setting) => `BENCH_${section}_${setting}`;
  return {
    seconds: envNumber(override('SECONDS'), 10, { min: 1 }),
    rounds: envNumber(override('ROUNDS'), 2, { min: 1 }),
    warmupSeconds: envNumber(override('WARMUP_SECONDS'), 2),
    connections: envNumber(override('CONNECTIONS'), 10, { min: 1 }),
  };
}
