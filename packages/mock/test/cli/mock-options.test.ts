import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../src/cli/mock-options.js';

describe('parseCliArgs', () => {
  it('defaults to 127.0.0.1:4010', () => {
    expect(parseCliArgs([])).toEqual({ port: 4010, host: '127.0.0.1', cors: true, help: false });
  });
  it('reads --port, --host and --spec, with or without =', () => {
    expect(parseCliArgs(['--port', '5000', '--host=0.0.0.0', '--spec', 'a.json'])).toEqual({ port: 5000, host: '0.0.0.0', spec: 'a.json', cors: true, help: false });
  });
  it('rejects a bad port, naming the option and the rule', () => {
    expect(() => parseCliArgs(['--port', 'abc'])).toThrow('--port must be an integer from 0 to 65535 (got abc)');
    expect(() => parseCliArgs(['--port', '70000'])).toThrow('--port must be an integer from 0 to 65535');
    expect(() => parseCliArgs(['--port'])).toThrow('--port needs a value');
  });
  it('narrows CORS to the origins given (repeated or comma-separated), or turns it off', () => {
    expect(parseCliArgs(['--cors-origin', 'http://localhost:5173', '--cors-origin=https://app.example,http://127.0.0.1:8080']).cors).toEqual({
      origins: ['http://localhost:5173', 'https://app.example', 'http://127.0.0.1:8080'],
    });
    expect(parseCliArgs(['--no-cors']).cors).toBe(false);
  });
  it('rejects an origin with a path, and --no-cors with --cors-origin, naming the options', () => {
    expect(() => parseCliArgs(['--cors-origin', 'http://localhost:5173/app'])).toThrow(
      '--cors-origin must be an origin like http://localhost:5173 (scheme, host and port only; got http://localhost:5173/app)',
    );
    expect(() => parseCliArgs(['--no-cors', '--cors-origin', 'http://a.example'])).toThrow('--no-cors and --cors-origin contradict each other');
  });
  it('reads chaos mode, the seed and the journal size', () => {
    const options = parseCliArgs(['--faults', '0.1', '--fault-kinds=503,reset', '--latency', '20-200', '--seed', 's1', '--journal-size', '50']);
    expect(options).toMatchObject({ faults: { rate: 0.1, kinds: ['503', 'reset'], seed: 's1' }, latency: { min: 20, max: 200 }, seed: 's1', journalSize: 50 });
    expect(parseCliArgs(['--latency', '30']).latency).toEqual({ min: 30, max: 30 });
    expect(parseCliArgs(['--journal-size', '0']).journalSize).toBe(0);
  });
  it('rejects a bad rate, kind, latency or journal size, naming the option and the rule', () => {
    expect(() => parseCliArgs(['--faults', '1.5'])).toThrow('--faults must be a fraction from 0 to 1, e.g. --faults 0.1 (got 1.5)');
    expect(() => parseCliArgs(['--faults', '0.1', '--fault-kinds', '503,418'])).toThrow('--fault-kinds: 418 is not a fault; use 429, 500, 502, 503, 504, reset');
    expect(() => parseCliArgs(['--fault-kinds', '503'])).toThrow('--fault-kinds needs --faults RATE');
    expect(() => parseCliArgs(['--latency', '200-20'])).toThrow('--latency must be MIN-MAX milliseconds');
    expect(() => parseCliArgs(['--journal-size', '-1'])).toThrow('--journal-size must be a whole number');
  });
  it('rejects unknown options', () => {
    expect(() => parseCliArgs(['--verbose'])).toThrow(/unknown option --verbose/);
  });
  it('names a mistyped flag without repeating its value (it may be a secret)', () => {
    let message = '';
    try {
      parseCliArgs(['--sandbox', '--secrett=hunter2-secret']);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^unknown option --secrett\n/);
    expect(message).not.toContain('hunter2-secret');
  });
  it('reads --flag=value and --flag value alike, and names a flag left without a value', () => {
    expect(parseCliArgs(['--port=5000', '--host', '0.0.0.0'])).toMatchObject({ port: 5000, host: '0.0.0.0' });
    expect(() => parseCliArgs(['--host'])).toThrow('--host needs a value');
    expect(() => parseCliArgs(['--host='])).toThrow('--host needs a value');
  });
  it('reads the limits of a shared sandbox: --shared, --rate-limit, --max-records, --max-tenant-bytes', () => {
    expect(parseCliArgs(['--sandbox', '--shared'])).toMatchObject({ sandbox: true, shared: true });
    const options = parseCliArgs(['--sandbox', '--shared', '--rate-limit', '5', '--max-records=0', '--max-tenant-bytes', '512kB']);
    expect(options).toMatchObject({ shared: true, rateLimit: 5, maxRecords: 0, maxTenantBytes: '512kB' });
  });
  it('rejects a bad limit, naming the flag and the rule, and the limits without --sandbox', () => {
    expect(() => parseCliArgs(['--sandbox', '--rate-limit', 'fast'])).toThrow('--rate-limit must be a whole number, 0 to turn it off (got fast)');
    expect(() => parseCliArgs(['--sandbox', '--max-records', '-3'])).toThrow('--max-records must be a whole number, 0 to turn it off (got -3)');
    expect(() => parseCliArgs(['--sandbox', '--max-tenant-bytes', '10 parsecs'])).toThrow('--max-tenant-bytes must be a size such as 512kB, 10MB or 1GiB');
    expect(() => parseCliArgs(['--shared', '--rate-limit', '5'])).toThrow('--shared, --rate-limit only apply with --sandbox');
  });
});
