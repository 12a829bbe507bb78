// The command-line conventions both of the mock's commands share: `--flag value` or `--flag=value`, and an
// error naming the flag when its value is missing.

export interface CliFlag {
  /** The flag as typed, without an inline value (`--port` for `--port=4010`). */
  flag: string;
  /** The value after `=`, when the flag was written `--flag=value`. */
  inline: string | undefined;
  /** The flag's value: the inline one, else the next argument (which is then consumed). */
  value: () => string;
}

/** Walks `argv` flag by flag; a flag's `value()` may consume the argument after it. */
export function* readFlags(argv: readonly string[]): Generator<CliFlag> {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const equals = arg.indexOf('=');
    const flag = equals < 0 ? arg : arg.slice(0, equals);
    const inline = equals < 0 ? undefined : arg.slice(equals + 1);
    const value = () => {
      const found = inline ?? argv[++i];
      if (found === undefined || found === '') throw new Error(`${flag} needs a value`);
      return found;
    };
    yield { flag, inline, value };
  }
}

/** `--port`'s value, for every command that listens: an integer from 0 (any free port) to 65535. */
export function readPort(raw: string): number {
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535) throw new Error(`--port must be an integer from 0 to 65535 (got ${raw})`);
  return port;
}
