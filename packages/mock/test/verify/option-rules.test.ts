// verify's option rules (src/verify/option-rules.ts) hold once for both surfaces: the command line refuses a flag's
// text with the words verify() refuses a caller's value with, the limits included.
import { describe, expect, it } from 'vitest';
import { parseVerifyArgs } from '../../src/cli/verify-options.js';
import { verifySettings, VerifyUsageError, type VerifyOptions } from '../../src/verify/verify-options.js';

const env = { VENDOR_API_TOKEN: 'option-rules-token' };
const base: VerifyOptions = { baseUrl: 'http://a.test', token: 'option-rules-token' };

/** The message `settle` throws ('' when it does not throw), and the option a VerifyUsageError names. */
function refusal(settle: () => unknown): { message: string; option?: string } {
  try {
    settle();
  } catch (error) {
    return { message: (error as Error).message, ...(error instanceof VerifyUsageError && { option: error.option }) };
  }
  return { message: '' };
}

describe('verify options: one rule for the flag and the value', () => {
  it.each([
    ['cases', '--cases', '0', 0, 'must be a whole number from 1 to 100000'],
    ['cases', '--cases', '100001', 100_001, 'must be a whole number from 1 to 100000'],
    ['concurrency', '--concurrency', '200000', 200_000, 'must be a whole number from 1 to 100000'],
    ['seed', '--seed', '2147483648', 2 ** 31, 'must be a whole number from 0 to 2147483647'],
    ['rate', '--rate', '0', 0, 'must be requests per second above 0'],
    ['run', '--run', 'Not-A-Run', 'Not-A-Run', 'must be 1 to 12 lower-case letters or digits, the run a report names'],
    ['baseUrl', '--base-url', 'http://a.test/?q=1', 'http://a.test/?q=1', 'must be an http(s) URL (without query or fragment)'],
    ['gatewayBaseUrl', '--gateway-base-url', 'ftp://g.test', 'ftp://g.test', 'must be an http(s) URL (without query or fragment)'],
  ])('%s: the flag %s %s and the value %j are refused alike', (option, flag, text, value, rule) => {
    const argv = flag === '--base-url' ? [flag, text] : ['--base-url', 'http://a.test', flag, text];
    expect(refusal(() => parseVerifyArgs(argv, env)).message).toContain(`${flag} ${rule}`);
    expect(refusal(() => verifySettings({ ...base, [option]: value }))).toEqual({ message: expect.stringContaining(`${option} ${rule}`), option });
  });

  it('refuses unknown check names and malformed operationIds in code as on the command line', () => {
    expect(refusal(() => parseVerifyArgs(['--base-url', 'http://a.test', '--checks', 'nope'], env)).message).toBe('--checks: nope is not a check (verify --list-checks lists them)');
    expect(refusal(() => verifySettings({ ...base, checks: ['nope'] }))).toEqual({ message: 'checks: nope is not a check (verify --list-checks lists them)', option: 'checks' });
    expect(refusal(() => verifySettings({ ...base, operations: ['get team'] })).option).toBe('operations');
    expect(refusal(() => verifySettings({ token: 't' } as VerifyOptions))).toEqual({ message: 'baseUrl must be an http(s) URL (without query or fragment)', option: 'baseUrl' });
  });

  it('settles what was not given once: defaults, and a seed and a run nonce that keep their own rules', () => {
    const settings = verifySettings(base);
    expect(settings).toMatchObject({ gatewayBaseUrl: 'http://a.test', cases: 50, concurrency: 1, includeDestructive: false, stateful: true });
    expect(refusal(() => verifySettings({ ...base, seed: settings.seed, run: settings.run })).message).toBe('');
    expect(parseVerifyArgs(['--base-url', 'http://a.test', '--no-stateful', '--include-destructive'], env)).toMatchObject({ stateful: false, includeDestructive: true, cases: 50 });
  });
});
