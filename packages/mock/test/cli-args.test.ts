import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../src/cli/mock-options.js';

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
});
