// The progress lines of `npm test` (scripts/lib/turbo-progress.mjs), fed turbo's grouped output as turbo
// 2.11 prints it, on a fake clock: seconds since the run started.
import { describe, expect, it } from 'vitest';
import { createTurboProgress, duration } from '../../scripts/lib/turbo-progress.mjs';

// A slice of the real graph: types build, then its test and the mock build; the root contract suite needs
// the mock build; lint:spec needs nothing.
const TASKS = [
  { id: '@vendor/api-types#build', dependencies: [] },
  { id: '@vendor/api-types#test', dependencies: ['@vendor/api-types#build'] },
  { id: '@vendor/api-mock#build', dependencies: ['@vendor/api-types#build'] },
  { id: '@vendor/api-mock#test', dependencies: ['@vendor/api-mock#build', '@vendor/api-types#build'] },
  { id: '//#lint:spec', dependencies: [] },
  { id: '//#test:contract', dependencies: ['@vendor/api-mock#build'] },
];
const s = (seconds: number) => seconds * 1000;

/** A tracker and a feed that collects what it prints. */
function run({ concurrency = 3 } = {}) {
  const progress = createTurboProgress({ tasks: TASKS, concurrency, startedAt: 0, settleMs: s(1) });
  const printed: string[] = [];
  return {
    progress,
    printed,
    lines: (at: number, ...lines: string[]) => lines.forEach((line) => printed.push(...progress.line(line, s(at)))),
    tick: (at: number) => printed.push(...progress.tick(s(at))),
  };
}

function block(prefix: string, hash: string, ...output: string[]) {
  return [`${prefix}: cache miss, executing ${hash}`, `${prefix}: `, ...output.map((line) => `${prefix}: ${line}`)];
}

describe('npm test progress', () => {
  it('says "✓" once a block ended without a failure line, with the time since the task could start', () => {
    const feed = run();
    feed.lines(0, '   • turbo 2.11.11', '');
    expect(feed.printed).toEqual(['   • turbo 2.11.11']);

    feed.lines(4, ...block('@vendor/api-types:build', 'aa11', '> tsup', 'Build success in 812ms'));
    feed.tick(4.5);
    expect(feed.printed).toEqual(['   • turbo 2.11.11']); // turbo may still say it failed

    feed.tick(5.2);
    feed.lines(19, ...block('@vendor/api-types:test', 'bb22', ' Test Files  4 passed (4)'));
    feed.tick(20.5);
    // The test could start when the build ended, at 4 s: 15 s.
    expect(feed.printed.slice(1)).toEqual(['✓ @vendor/api-types#build 4 s', '✓ @vendor/api-types#test 15 s']);
  });

  it('says "cached" for a cache hit', () => {
    const feed = run();
    feed.lines(1, '//:lint:spec: cache hit, suppressing logs 15640ec48ca212d9');
    feed.tick(2.5);
    expect(feed.printed).toEqual(['✓ //#lint:spec cached']);
  });

  it('shows a failed task with its whole output as soon as turbo says it failed, and turbo\'s repeat of it later', () => {
    const feed = run();
    feed.lines(3, ...block('@vendor/api-types:build', 'aa11'));
    feed.tick(4.5);
    const failedBlock = block('@vendor/api-mock:build', 'cc33', 'src/index.ts(3,1): error TS2304', 'npm error Lifecycle script `build` failed with error:');
    feed.lines(70, ...failedBlock, '@vendor/api-mock#build:  WARNING  command finished with error, but continuing...');
    feed.tick(72);
    feed.lines(72, '@vendor/api-mock#build:  ERROR  command (/repo/packages/mock) /usr/bin/npm run build exited (1)', ' Tasks:    1 successful, 2 total');
    expect(feed.printed).toEqual([
      '✓ @vendor/api-types#build 3 s',
      '✗ @vendor/api-mock#build failed after 1m 07s; its output:',
      ...failedBlock,
      '@vendor/api-mock#build:  ERROR  command (/repo/packages/mock) /usr/bin/npm run build exited (1)',
      ' Tasks:    1 successful, 2 total',
    ]);
  });

  it('shows the block of a failed task as it comes when turbo\'s failure line (stderr) is read first', () => {
    const feed = run();
    feed.lines(9, '//#lint:spec:  WARNING  command finished with error, but continuing...');
    feed.lines(9, '//:lint:spec: cache miss, executing dd44', '//:lint:spec: openapi/spec.yaml: 1 problem');
    feed.tick(12);
    expect(feed.printed).toEqual([
      '✗ //#lint:spec failed after 9 s; its output:',
      '//:lint:spec: cache miss, executing dd44',
      '//:lint:spec: openapi/spec.yaml: 1 problem',
    ]);
  });

  it('prints turbo\'s closing summary after the verdicts of the blocks before it', () => {
    const feed = run();
    feed.lines(30, ...block('//:test:contract', 'ee55', ' Test Files  40 passed (40)'), '', ' Tasks:    6 successful, 6 total');
    expect(feed.printed).toEqual([]);
    feed.printed.push(...feed.progress.end(s(30.2))); // turbo exited: no failure line can come any more
    expect(feed.printed).toEqual(['✓ //#test:contract 30 s', ' Tasks:    6 successful, 6 total']);
  });

  it('while quiet, names the tasks the run waits for and since when they could start', () => {
    const feed = run();
    expect(feed.progress.stillRunning(s(15))).toBe(
      '… 15 s: 0 of 6 tasks done; still running: @vendor/api-types#build (15 s), //#lint:spec (15 s)',
    );

    feed.lines(10, ...block('@vendor/api-types:build', 'aa11'));
    feed.lines(12, '//:lint:spec: cache hit, suppressing logs 15640ec48ca212d9');
    feed.lines(40, ...block('@vendor/api-mock:build', 'cc33'));
    feed.tick(42);
    // Three can run and three do: all of them are running.
    expect(feed.progress.stillRunning(s(100))).toBe(
      '… 1m 40s: 3 of 6 tasks done; still running: @vendor/api-types#test (1m 30s), @vendor/api-mock#test (1m 00s), //#test:contract (1m 00s)',
    );

    const oneAtATime = run({ concurrency: 1 });
    oneAtATime.lines(10, ...block('@vendor/api-types:build', 'aa11'));
    expect(oneAtATime.progress.stillRunning(s(20))).toBe(
      '… 20 s: 1 of 6 tasks done; running or queued (1 at a time): @vendor/api-types#test (10 s), @vendor/api-mock#build (10 s), //#lint:spec (20 s)',
    );
  });

  it('does not wait for tasks whose dependency failed: turbo never runs them', () => {
    const feed = run();
    feed.lines(5, ...block('@vendor/api-types:build', 'aa11'), '@vendor/api-types#build:  WARNING  command finished with error, but continuing...');
    feed.lines(6, '//:lint:spec: cache hit, suppressing logs 15640ec48ca212d9');
    expect(feed.progress.stillRunning(s(20))).toBe('… 20 s: 2 of 6 tasks done');
  });

  it('leaves out the tasks turbo never runs (a package without that script): what depends on them waits for their dependencies', () => {
    // As in the real graph: @vendor/breaking has no build script; its test waits for the spec model's build.
    const tasks = [
      { id: '@vendor/spec-model#build', dependencies: [], command: 'tsup' },
      { id: '@vendor/breaking#build', dependencies: ['@vendor/spec-model#build'], command: '<NONEXISTENT>' },
      { id: '@vendor/breaking#test', dependencies: ['@vendor/breaking#build', '@vendor/spec-model#build'], command: 'vitest run' },
      { id: '@vendor/host-check#build', dependencies: [], command: '<NONEXISTENT>' },
      { id: '@vendor/host-check#test', dependencies: ['@vendor/host-check#build'], command: 'vitest run' },
    ];
    const progress = createTurboProgress({ tasks, concurrency: 3, startedAt: 0, settleMs: s(1) });
    expect(progress.stillRunning(s(5))).toBe('… 5 s: 0 of 3 tasks done; still running: @vendor/spec-model#build (5 s), @vendor/host-check#test (5 s)');
    [...block('@vendor/spec-model:build', 'dd44')].forEach((line) => progress.line(line, s(8)));
    progress.tick(s(10));
    expect(progress.stillRunning(s(20))).toBe('… 20 s: 1 of 3 tasks done; still running: @vendor/breaking#test (12 s), @vendor/host-check#test (20 s)');
  });

  it('formats durations in seconds, then minutes and seconds', () => {
    expect([duration(s(0.4)), duration(s(42)), duration(s(59.6)), duration(s(65)), duration(s(3600))]).toEqual(['0 s', '42 s', '1m 00s', '1m 05s', '60m 00s']);
  });
});
