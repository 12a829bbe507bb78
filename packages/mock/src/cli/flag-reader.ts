// The one reader of the CLI's command lines. Each command declares its flags as one table keyed by the option each
// sets (see FlagTable): the flag, the rule its value is read and checked by, its default. This module holds the
// conventions all of them share: `--flag value` or `--flag=value`, --help/-h, defaults filled in, and usage errors
// of one line naming the flag and the rule (the caller prints them and exits 2). Each value is checked once, here.
// Every flag of every table is also read from the environment, VENDOR_API_MOCK_<FLAG> (variableOf), so that a
// container or a systemd unit need not spell flags, and a password need not sit in `ps` output; a flag on the
// command line wins over its variable.

interface FlagBase {
  /** The flag (`--port`). A missing value is reported as typed (`-p`), a value that breaks the rule by this name. */
  flag: string;
  /** A short spelling (`-p`). */
  alias?: string;
  /** The mode (`sandbox`) outside which the flag means nothing; see givenOfMode. */
  mode?: string;
}

/** A flag with a value: `--port 4010` or `--port=4010`. */
export interface ValueFlag extends FlagBase {
  takes: 'value';
  /** Checks the text and returns the flag's value, or throws naming the flag and the rule. Without it the value is the text. */
  read?: (raw: string, flag: string) => unknown;
  /** Every occurrence is kept, in order; otherwise the last one counts. */
  repeatable?: boolean;
  /** Refused when absent, unless --help was given. */
  required?: boolean;
  /** The option's value when the flag is absent. */
  default?: unknown;
}

/** A switch: `--strict`. */
export interface SwitchFlag extends FlagBase {
  takes: 'nothing';
  /** `--flag=VALUE` counts as `--flag` instead of an error: what --no-cors has always done, kept so no command line breaks. */
  ignoresValue?: boolean;
  /** What giving the switch sets the option to: true unless the flag turns something off (`--no-stateful`). */
  sets?: false;
  /** The option's value when the switch is absent. */
  default?: boolean;
}

/** A command's flags by the name its options use (`journalSize` for `--journal-size`). */
export type FlagTable = Record<string, ValueFlag | SwitchFlag>;

type SwitchValue<F> = F extends { sets: false } ? false : true;
type ValueOf<F> = F extends { takes: 'nothing' } ? SwitchValue<F> : F extends { read: (raw: string, flag: string) => infer T } ? T : string;
type GivenValue<F> = F extends { repeatable: true } ? ValueOf<F>[] : ValueOf<F>;
type DefaultedValue<F> = F extends { takes: 'nothing' } ? boolean : GivenValue<F>;
type RequiredKeys<T extends FlagTable> = { [K in keyof T]: T[K] extends { required: true } ? K : never }[keyof T];
type DefaultedKeys<T extends FlagTable> = { [K in keyof T]: T[K] extends { default: unknown } ? K : never }[keyof T];

/** The options argv gave, by the table's names, defaults filled in; an option without either is absent (not undefined). */
export type GivenFlags<T extends FlagTable> = { [K in Exclude<keyof T, DefaultedKeys<T>>]?: GivenValue<T[K]> } & {
  [K in DefaultedKeys<T>]: DefaultedValue<T[K]>;
};

/** Options given by the environment, each with the variable that gave it, so a later refusal names what was set. */
export type FromEnvironment = Record<string, string>;

/** With --help a required flag may be missing; without it, it is there. */
export type ReadArgs<T extends FlagTable> =
  | { help: true; given: GivenFlags<T>; fromEnvironment: FromEnvironment }
  | { help: false; given: GivenFlags<T> & { [K in RequiredKeys<T>]-?: GivenValue<T[K]> }; fromEnvironment: FromEnvironment };

/** The environment the flags are read from: process.env, or a test's own. */
export type FlagEnvironment = Readonly<Record<string, string | undefined>>;

/** Every flag's variable starts so: `--database-url` is also VENDOR_API_MOCK_DATABASE_URL. */
export const ENVIRONMENT_PREFIX = 'VENDOR_API_MOCK_';

/** What a switch's variable may say: on or off. */
const SWITCH_VALUES: Record<string, boolean> = { true: true, '1': true, false: false, '0': false };

/** The variable a flag is read from: `--rate-limit` → VENDOR_API_MOCK_RATE_LIMIT, `--no-cors` → VENDOR_API_MOCK_NO_CORS. */
export function variableOf(flag: string): string {
  return `${ENVIRONMENT_PREFIX}${flag.replace(/^-+/, '').replace(/-/g, '_').toUpperCase()}`;
}

// Every command answers these with its usage; `--help=x` too, as it always has.
const HELP_FLAGS = ['--help', '-h'];

/**
 * Reads argv against a command's flags, then the variables of the flags argv left out. Values are checked as they
 * are read, so the first bad argument is the one named (by its variable when it came from there); `usage` follows
 * the error for an unknown flag and a missing required one.
 */
export function readArgs<T extends FlagTable>(argv: readonly string[], flags: T, usage: string, env: FlagEnvironment = process.env): ReadArgs<T> {
  const given: Record<string, unknown> = {};
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const { typed, inline } = splitArgument(argv[i]!);
    if (HELP_FLAGS.includes(typed)) {
      help = true;
      continue;
    }
    const name = nameOf(flags, typed);
    if (name === undefined) throw new Error(`unknown option ${typed}\n${usage}`);
    const spec = flags[name]!;
    if (spec.takes === 'nothing') {
      checkNoValue(spec, typed, inline);
      given[name] = spec.sets ?? true;
      continue;
    }
    // A value may be the next argument: it is consumed, whatever it looks like.
    const raw = inline ?? argv[++i];
    keepValue(given, name, spec, readValue(spec, typed, raw));
  }
  const fromEnvironment = readEnvironment(flags, given, env);
  if (!help) checkRequired(flags, given, usage);
  fillDefaults(flags, given);
  return { help, given, fromEnvironment } as ReadArgs<T>;
}

/** The flags of `mode` that were given, in the table's order (the order a refusal lists them in), each by its variable when the environment gave it. */
export function givenOfMode<T extends FlagTable>(flags: T, given: GivenFlags<T>, mode: string, fromEnvironment: FromEnvironment = {}): string[] {
  const isGiven = (name: string) => (given as Record<string, unknown>)[name] !== undefined;
  return Object.entries(flags)
    .filter(([name, spec]) => spec.mode === mode && isGiven(name))
    .map(([name, spec]) => fromEnvironment[name] ?? spec.flag);
}

/** How a refusal found after reading names option `name`: its variable when the environment gave it, else its flag. */
export function givenAs(flags: FlagTable, name: string, fromEnvironment: FromEnvironment): string {
  return fromEnvironment[name] ?? flags[name]!.flag;
}

/**
 * The help's list of every flag beside its variable, from the table itself, so a flag added to a table is listed
 * without anyone writing it down.
 */
export function environmentHelp(flags: FlagTable): string {
  const rows = Object.values(flags).map((spec) => ({ flags: [spec.flag, spec.alias].filter(Boolean).join(', '), variable: variableOf(spec.flag) }));
  const width = Math.max(...rows.map((row) => row.flags.length)) + 2;
  return [
    'Every flag can also be set in the environment (a flag on the command line wins; an empty variable counts as',
    'unset; a switch takes true, false, 1 or 0):',
    ...rows.map((row) => `  ${row.flags.padEnd(width)}${row.variable}`),
  ].join('\n');
}

/** The usage, then the flags' variables: what --help prints. */
export function helpText(usage: string, flags: FlagTable): string {
  return `${usage}\n\n${environmentHelp(flags)}`;
}

/** Fills in, from their variables, the options argv left out; returns which ones, by variable. */
function readEnvironment(flags: FlagTable, given: Record<string, unknown>, env: FlagEnvironment): FromEnvironment {
  const fromEnvironment: FromEnvironment = {};
  for (const [name, spec] of Object.entries(flags)) {
    const variable = variableOf(spec.flag);
    const raw = env[variable];
    const isSet = raw !== undefined && raw !== '';
    if (given[name] !== undefined || !isSet) continue;
    if (spec.takes === 'nothing') {
      if (!readSwitch(raw, variable)) continue;
      given[name] = spec.sets ?? true;
    } else {
      // The readers name the flag they are handed in their errors: here the variable, which is what was set.
      const value = spec.read === undefined ? raw : spec.read(raw, variable);
      given[name] = spec.repeatable === true ? [value] : value;
    }
    fromEnvironment[name] = variable;
  }
  return fromEnvironment;
}

/** A switch's variable: on or off, in any case; anything else is refused naming the variable. */
function readSwitch(raw: string, variable: string): boolean {
  const on = SWITCH_VALUES[raw.trim().toLowerCase()];
  if (on === undefined) throw new Error(`${variable} must be true, false, 1 or 0 (got ${raw})`);
  return on;
}

/** `--port=4010` is `--port` with the inline value `4010`; `--port` has none. */
function splitArgument(argument: string): { typed: string; inline: string | undefined } {
  const equals = argument.indexOf('=');
  if (equals < 0) return { typed: argument, inline: undefined };
  return { typed: argument.slice(0, equals), inline: argument.slice(equals + 1) };
}

function nameOf(flags: FlagTable, typed: string): string | undefined {
  return Object.keys(flags).find((name) => flags[name]!.flag === typed || flags[name]!.alias === typed);
}

function checkNoValue(spec: SwitchFlag, typed: string, inline: string | undefined): void {
  const refused = inline !== undefined && spec.ignoresValue !== true;
  if (refused) throw new Error(`${typed} takes no value`);
}

function readValue(spec: ValueFlag, typed: string, raw: string | undefined): unknown {
  const isMissing = raw === undefined || raw === '';
  if (isMissing) throw new Error(`${typed} needs a value`);
  if (spec.read === undefined) return raw;
  return spec.read(raw, spec.flag);
}

/** A repeatable flag keeps every value, in order; any other flag its last. */
function keepValue(given: Record<string, unknown>, name: string, spec: ValueFlag, value: unknown): void {
  if (spec.repeatable !== true) {
    given[name] = value;
    return;
  }
  const earlier = (given[name] as unknown[] | undefined) ?? [];
  given[name] = [...earlier, value];
}

function fillDefaults(flags: FlagTable, given: Record<string, unknown>): void {
  for (const [name, spec] of Object.entries(flags)) {
    const takesDefault = spec.default !== undefined && given[name] === undefined;
    if (takesDefault) given[name] = spec.default;
  }
}

function checkRequired(flags: FlagTable, given: Record<string, unknown>, usage: string): void {
  for (const [name, spec] of Object.entries(flags)) {
    const isMissing = spec.takes === 'value' && spec.required === true && given[name] === undefined;
    if (isMissing) throw new Error(`${spec.flag} is required\n${usage}`);
  }
}
