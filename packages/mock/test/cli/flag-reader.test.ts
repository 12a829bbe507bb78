// The one reader of the CLI's flags (src/cli/flag-reader.ts), alone and through each command's flag table: bad input
// of every kind is refused in one line naming the flag and the rule, and the built CLI exits 2 with that line.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { environmentHelp, givenOfMode, readArgs, variableOf, type FlagTable } from '../../src/cli/flag-reader.js';
import { readPort } from '../../src/cli/flag-values.js';
import { MOCK_FLAGS, parseCliArgs, USAGE } from '../../src/cli/mock-options.js';
import { parseProxyArgs, PROXY_FLAGS, PROXY_USAGE } from '../../src/cli/proxy-options.js';
import { parseTokenArgs, TOKEN_FLAGS, TOKEN_USAGE } from '../../src/cli/token-command.js';
import { VERIFY_FLAGS, VERIFY_USAGE } from '../../src/cli/verify-options.js';

const cli = fileURLToPath(new URL('../../bin/api-mock.mjs', import.meta.url));

const FLAGS = {
  port: { flag: '--port', alias: '-p', takes: 'value', read: readPort },
  name: { flag: '--name', takes: 'value', required: true },
  tag: { flag: '--tag', takes: 'value', repeatable: true },
  strict: { flag: '--strict', takes: 'nothing' },
  quiet: { flag: '--quiet', takes: 'nothing', ignoresValue: true },
  home: { flag: '--home', takes: 'value', mode: 'house' },
  room: { flag: '--room', takes: 'value', mode: 'house' },
} satisfies FlagTable;

const read = (argv: string[]) => readArgs(argv, FLAGS, 'Usage: test', {});

/** The message `parse` throws for argv ('' when it does not throw). */
function refusal(parse: (argv: string[]) => unknown, argv: string[]): string {
  try {
    parse(argv);
  } catch (error) {
    return (error as Error).message;
  }
  return '';
}

describe('readArgs', () => {
  it('reads --flag value and --flag=value, the last of a flag counting, every one of a repeatable flag', () => {
    expect(read(['--name', 'a', '--port=80', '-p', '81', '--tag', 'x', '--tag=y', '--strict', '--quiet=whatever'])).toEqual({
      help: false,
      given: { name: 'a', port: 81, tag: ['x', 'y'], strict: true, quiet: true },
      fromEnvironment: {},
    });
  });

  it('takes the argument after a flag as its value, whatever it looks like', () => {
    expect(read(['--name', '--strict']).given).toEqual({ name: '--strict' });
  });

  it('names the flag as typed when its value is missing, and by its name when the value breaks its rule', () => {
    for (const argv of [['--name'], ['--name='], ['--name', ''], ['--strict', '--name']]) expect(refusal(read, argv)).toBe('--name needs a value');
    expect(refusal(read, ['-p'])).toBe('-p needs a value');
    expect(refusal(read, ['--name', 'a', '-p', 'x'])).toBe('--port must be an integer from 0 to 65535 (got x)');
  });

  it('refuses a value for a switch, unless the switch has always ignored one', () => {
    expect(refusal(read, ['--name', 'a', '--strict=yes'])).toBe('--strict takes no value');
    expect(refusal(read, ['--name', 'a', '--strict='])).toBe('--strict takes no value');
    expect(read(['--name', 'a', '--quiet=no']).given.quiet).toBe(true);
  });

  it('names an unknown flag (never its value) before the usage, and stops at the first bad argument', () => {
    expect(refusal(read, ['--nmae=secret-value'])).toBe('unknown option --nmae\nUsage: test');
    expect(refusal(read, ['positional'])).toBe('unknown option positional\nUsage: test');
    expect(refusal(read, ['--port', 'x', '--bogus'])).toContain('--port must be');
    expect(refusal(read, ['--bogus', '--port', 'x'])).toContain('unknown option --bogus');
  });

  it('requires a required flag unless --help (or -h, with or without a value) is given', () => {
    expect(refusal(read, ['--port', '1'])).toBe('--name is required\nUsage: test');
    for (const help of ['--help', '-h', '--help=1']) expect(read([help])).toEqual({ help: true, given: {}, fromEnvironment: {} });
    expect(refusal(read, ['--help', '--port', 'x'])).toContain('--port must be');
  });

  it('lists the flags of a mode that were given, in the order of the table', () => {
    const { given } = read(['--name', 'a', '--room', 'r', '--home', 'h']);
    expect(givenOfMode(FLAGS, given, 'house')).toEqual(['--home', '--room']);
    expect(givenOfMode(FLAGS, read(['--name', 'a']).given, 'house')).toEqual([]);
  });
});

describe('readArgs from the environment (VENDOR_API_MOCK_<FLAG>)', () => {
  const readEnv = (argv: string[], env: Record<string, string>) => readArgs(argv, FLAGS, 'Usage: test', env);

  it('names each flag\'s variable after the flag: dashes to underscores, upper case, --no-x kept whole', () => {
    expect(variableOf('--database-url')).toBe('VENDOR_API_MOCK_DATABASE_URL');
    expect(variableOf('--rate-limit')).toBe('VENDOR_API_MOCK_RATE_LIMIT');
    expect(variableOf('--no-cors')).toBe('VENDOR_API_MOCK_NO_CORS');
  });

  it('reads a flag argv left out from its variable, by the same rule, and says which variable gave it', () => {
    const { given, fromEnvironment } = readEnv([], { VENDOR_API_MOCK_NAME: 'a', VENDOR_API_MOCK_PORT: '81', VENDOR_API_MOCK_TAG: 'x' });
    expect(given).toEqual({ name: 'a', port: 81, tag: ['x'] });
    expect(fromEnvironment).toEqual({ name: 'VENDOR_API_MOCK_NAME', port: 'VENDOR_API_MOCK_PORT', tag: 'VENDOR_API_MOCK_TAG' });
  });

  it('lets the command line win over the variable, a repeatable flag included', () => {
    const { given, fromEnvironment } = readEnv(['--port', '82', '--tag', 'y'], { VENDOR_API_MOCK_NAME: 'a', VENDOR_API_MOCK_PORT: '81', VENDOR_API_MOCK_TAG: 'x' });
    expect(given).toEqual({ name: 'a', port: 82, tag: ['y'] });
    expect(fromEnvironment).toEqual({ name: 'VENDOR_API_MOCK_NAME' });
  });

  it('reads a switch as true, false, 1 or 0 in any case, and refuses anything else naming the variable', () => {
    const strict = (value: string) => readEnv(['--name', 'a'], { VENDOR_API_MOCK_STRICT: value }).given.strict;
    for (const on of ['true', 'TRUE', '1']) expect(strict(on)).toBe(true);
    for (const off of ['false', 'False', '0']) expect(strict(off)).toBeUndefined();
    expect(refusal(() => strict('yes'), [])).toBe('VENDOR_API_MOCK_STRICT must be true, false, 1 or 0 (got yes)');
  });

  it('names the variable when its value breaks the rule, and counts an empty variable as unset', () => {
    expect(refusal(() => readEnv(['--name', 'a'], { VENDOR_API_MOCK_PORT: 'x' }), [])).toBe('VENDOR_API_MOCK_PORT must be an integer from 0 to 65535 (got x)');
    expect(readEnv(['--name', 'a'], { VENDOR_API_MOCK_PORT: '' }).given).toEqual({ name: 'a' });
    expect(refusal(() => readEnv([], { VENDOR_API_MOCK_NAME: '' }), [])).toBe('--name is required\nUsage: test');
  });

  it('lists a mode\'s options by the variable that gave them', () => {
    const { given, fromEnvironment } = readEnv(['--name', 'a', '--room', 'r'], { VENDOR_API_MOCK_HOME: 'h' });
    expect(givenOfMode(FLAGS, given, 'house', fromEnvironment)).toEqual(['VENDOR_API_MOCK_HOME', '--room']);
  });

  it('lists every flag of a table beside its variable in the help', () => {
    const help = environmentHelp(FLAGS);
    for (const spec of Object.values(FLAGS)) expect(help).toMatch(new RegExp(`^  ${spec.flag}.* ${variableOf(spec.flag)}$`, 'm'));
    expect(help).toMatch(/^ {2}--port, -p +VENDOR_API_MOCK_PORT$/m);
  });

  it('reads the mock\'s flags so: sandbox options from their variables, each refusal naming what was set', () => {
    const options = parseCliArgs(['--sandbox'], { VENDOR_API_MOCK_DATABASE_URL: 'postgres://db/x', VENDOR_API_MOCK_DATABASE_POOL: '4', VENDOR_API_MOCK_SHARED: '1' });
    expect(options).toMatchObject({ sandbox: true, databaseUrl: 'postgres://db/x', databasePool: 4, shared: true });
    expect(refusal((argv) => parseCliArgs(argv, { VENDOR_API_MOCK_DATA: 'd' }), [])).toBe('VENDOR_API_MOCK_DATA only apply with --sandbox');
    expect(refusal((argv) => parseCliArgs(argv, { VENDOR_API_MOCK_DATABASE_POOL: '0' }), ['--sandbox'])).toBe(
      'VENDOR_API_MOCK_DATABASE_POOL must be a whole number of connections from 1 to 1000 (got 0)',
    );
    expect(refusal((argv) => parseCliArgs(argv, {}), ['--sandbox', '--database-pool', '5'])).toBe('--database-pool needs --database-url (the pool is of Postgres connections)');
  });
});

describe('the mock: every kind of flag refuses bad input, naming the flag and the rule', () => {
  const cases: [string[], string][] = [
    [['--port', 'abc'], '--port must be an integer from 0 to 65535 (got abc)'],
    [['-p', '70000'], '--port must be an integer from 0 to 65535 (got 70000)'],
    [['--faults', '2'], '--faults must be a fraction from 0 to 1, e.g. --faults 0.1 (got 2)'],
    [['--faults', '0.1', '--fault-kinds', '503,teapot'], '--fault-kinds: teapot is not a fault; use 429, 500, 502, 503, 504, reset'],
    [['--latency', '5-1'], '--latency must be MIN-MAX milliseconds with MIN <= MAX <= 120000, e.g. --latency 20-200 (got 5-1)'],
    [['--journal-size', '1.5'], '--journal-size must be a whole number of requests, 0 to turn the journal off (got 1.5)'],
    [['--cors-origin', 'http://a.example,notaurl'], '--cors-origin must be an origin like http://localhost:5173 (scheme, host and port only; got notaurl)'],
    [['--sandbox', '--tenant-ttl', 'x'], '--tenant-ttl must be a duration such as 90s, 30m, 12h, 7d or 2w (got "x")'],
    [['--sandbox=yes'], '--sandbox takes no value'],
    [['--no-cors', '--cors-origin', 'http://a.example'], '--no-cors and --cors-origin contradict each other: give one of them'],
    [['--fault-kinds', '503'], '--fault-kinds needs --faults RATE (the fraction of requests that fail)'],
    [['--tenant-ttl', '7d', '--data', 'd'], '--data, --tenant-ttl only apply with --sandbox'],
    [['--sandbox', '--database-url', 'mysql://u:pw@h/db'], '--database-url must be a postgres:// or postgresql:// URL'],
  ];
  it.each(cases)('%j', (argv, message) => {
    expect(refusal(parseCliArgs, argv)).toBe(message);
  });

  it('names each flag that takes a value when the value is missing', () => {
    const valueFlags = ['--port', '-p', '--host', '--spec', '--cors-origin', '--data', '--database-url', '--secret', '--tenant-ttl', '--faults', '--fault-kinds', '--latency', '--seed', '--journal-size'];
    for (const flag of valueFlags) expect(refusal(parseCliArgs, ['--sandbox', flag])).toBe(`${flag} needs a value`);
  });

  it('names an unknown flag, with the usage after it', () => {
    expect(refusal(parseCliArgs, ['--upstream', 'http://a.example'])).toMatch(/^unknown option --upstream\nUsage: npx @vendor\/api-mock \[--port 4010\]/);
  });
});

describe('the proxy: every kind of flag refuses bad input, naming the flag and the rule', () => {
  const upstream = ['--upstream', 'http://a.example'];
  const cases: [string[], string][] = [
    [['--upstream', 'notaurl'], '--upstream must be an http(s) URL (without query or fragment)'],
    [[...upstream, '--gateway-upstream', 'http://g.example?x=1'], '--gateway-upstream must be an http(s) URL (without query or fragment)'],
    [[...upstream, '--port', '70000'], '--port must be an integer from 0 to 65535 (got 70000)'],
    [[...upstream, '-p', 'abc'], '--port must be an integer from 0 to 65535 (got abc)'],
    [[...upstream, '--strict=yes'], '--strict takes no value'],
  ];
  it.each(cases)('%j', (argv, message) => {
    expect(refusal(parseProxyArgs, argv)).toBe(message);
  });

  it('names each flag that takes a value when the value is missing', () => {
    for (const flag of ['--upstream', '--gateway-upstream', '--port', '-p', '--host', '--record', '--report', '--spec']) expect(refusal(parseProxyArgs, [flag])).toBe(`${flag} needs a value`);
  });

  it('requires --upstream, except for --help', () => {
    expect(refusal(parseProxyArgs, ['--port', '0'])).toMatch(/^--upstream is required\nUsage: npx @vendor\/api-mock proxy /);
    expect(parseProxyArgs(['--help']).help).toBe(true);
  });

  it('names an unknown flag, with the usage after it', () => {
    expect(refusal(parseProxyArgs, [...upstream, '--faults', '0.1'])).toMatch(/^unknown option --faults\nUsage: npx @vendor\/api-mock proxy /);
  });
});

describe('the token command: every flag refuses bad input, naming the flag and the rule', () => {
  const parse = (argv: string[]) => parseTokenArgs(argv, {});

  it('names each flag when its value is missing, and an unknown flag with the usage', () => {
    for (const flag of ['--tenant', '--subject', '--secret', '--expires-in']) expect(refusal(parse, [flag])).toBe(`${flag} needs a value`);
    expect(refusal(parse, ['--tenant', 'acme', '--port', '1'])).toMatch(/^unknown option --port\nUsage: npx @vendor\/api-mock token /);
  });

  it('requires --tenant before checking any value, except for --help', () => {
    expect(refusal(parse, ['--expires-in', 'soon'])).toMatch(/^--tenant is required\nUsage: npx @vendor\/api-mock token /);
    expect(parse(['--help', '--expires-in', 'soon']).help).toBe(true);
  });

  it('checks tenant, subject, secret and lifetime in that order', () => {
    expect(refusal(parse, ['--tenant', 'Bad', '--subject', 'ada', '--expires-in', 'soon'])).toBe(
      `tenant must be 1 to 63 lower-case letters, digits or '-', starting with a letter or digit (got "Bad")`,
    );
    expect(refusal(parse, ['--tenant', 'acme', '--subject', 'ada', '--expires-in', 'soon'])).toBe('subject must look like user:EMAIL or team:NAME (got "ada")');
    expect(refusal(parse, ['--tenant', 'acme', '--expires-in', 'soon'])).toBe(
      "give the sandbox's secret with --secret or the VENDOR_SANDBOX_SECRET environment variable (or its keys with --signing-keys FILE or VENDOR_SANDBOX_SIGNING_KEYS)",
    );
    expect(refusal(parse, ['--tenant', 'acme', '--secret', 's', '--expires-in', 'soon'])).toBe('--expires-in must be a duration such as 30m, 1h or 7d (got "soon")');
  });
});

describe('the built CLI', () => {
  const run = (args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 170_000, env: { ...process.env, VENDOR_SANDBOX_SECRET: '' } });

  it('exits 2 for a usage error of each command, with one line on stderr naming the command, the flag and the rule', () => {
    const cases: [string[], string][] = [
      [['--latency', '5-1'], '@vendor/api-mock: --latency must be MIN-MAX milliseconds'],
      [['proxy', '--upstream', 'http://a.example', '-p', 'x'], '@vendor/api-mock proxy: --port must be an integer from 0 to 65535 (got x)'],
      [['token', '--tenant', 'acme', '--secret'], '@vendor/api-mock token: --secret needs a value'],
    ];
    for (const [args, line] of cases) {
      const result = run(args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(result.stderr.startsWith(line), result.stderr).toBe(true);
    }
  });
});

describe("each command's flag table and its usage", () => {
  it.each([
    ['the mock', MOCK_FLAGS, USAGE],
    ['proxy', PROXY_FLAGS, PROXY_USAGE],
    ['token', TOKEN_FLAGS, TOKEN_USAGE],
    ['verify', VERIFY_FLAGS, VERIFY_USAGE],
  ] as const)('%s: --help names every flag its table reads', (_command, flags: FlagTable, usage) => {
    const unnamed = Object.values(flags).map((spec) => spec.flag).filter((flag) => !new RegExp(`${flag}(?![\\w-])`).test(usage));
    expect(unnamed).toEqual([]);
  });
});
