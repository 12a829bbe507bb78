// How long the browser tests wait for what they assert. Minutes, not seconds: on a busy 2-core CI host a page that
// renders in a second alone can take a minute, and a wait that gives up sooner fails a test that would have passed
// (issue 40: "Matcher did not succeed in time", expect.poll's default of one second). Nothing waits for a fixed time.
export const MINUTE = 60_000;
/** One step: an element to appear, a response, a condition polled with expect.poll (vitest.config.mts). */
export const STEP_TIMEOUT_MS = 3 * MINUTE;
/** One test or hook, which may take several steps or start a server and a browser. */
export const TEST_TIMEOUT_MS = 10 * MINUTE;
