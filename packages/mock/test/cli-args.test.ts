import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../src/cli-args.js';

describe('parseCliArgs', () => {
  it('defaults to 127.0.0.1:4010', () => {
    expect(parseCliArgs([])).toEqual({ port: 4010, host: '127.0.0.1', help: false });
  });
  it('reads --port, --host and --spec, with or without =', () => {
    expect(parseCliArgs(['--port', '5000', '--host=0.0.0.0', '--spec', 'a.json'])).toEqual({ port: 5000, host: '0.0.0.0', spec: 'a.json', help: false });
  });
  it('rejects a bad port, naming the option and the rule', () => {
    expect(() => parseCliArgs(['--port', 'abc'])).toThrow('--port must be an integer from 0 to 65535 (got abc)');
    expect(() => parseCliArgs(['--port', '70000'])).toThrow('--port must be an integer from 0 to 65535');
    expect(() => parseCliArgs(['--port'])).toThrow('--port needs a value');
  });
  it('rejects unknown options', () => {
    expect(() => parseCliArgs(['--verbose'])).toThrow(/unknown option --verbose/);
  });
});
