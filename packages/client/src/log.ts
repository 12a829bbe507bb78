import { fail } from './errors.js';

/** How much the client logs: `debug` every attempt, `info` every retry, `warn` what gave up or stopped early. */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

/** Anything with console's methods (`console`, pino, winston, ...). */
export interface Logger {
  error(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  info(message: string, ...details: unknown[]): void;
  debug(message: string, ...details: unknown[]): void;
}

type Severity = Exclude<LogLevel, 'off'>;

/** Writes one line at a severity. */
export type LogWriter = (message: string) => void;

/** The writer of a severity when the level lets it through, else `undefined`: `log('debug')?.(message)`. */
export type Log = (severity: Severity) => LogWriter | undefined;

// In order of verbosity: a level logs its own messages and those of every level before it.
const LEVELS: readonly string[] = ['off', 'error', 'warn', 'info', 'debug'];

/**
 * The level comes from the `logLevel` option, else the `VENDOR_LOG` environment variable, else `warn`. A bad value
 * is a TypeError naming where it came from, like every other bad option.
 */
export function createLog(level: LogLevel | undefined, logger: Logger = console): Log {
  const environmentLevel = level === undefined ? readEnvironmentLevel() : undefined;
  const threshold = LEVELS.indexOf(level ?? environmentLevel ?? 'warn');
  if (threshold < 0) fail(`${environmentLevel ? 'VENDOR_LOG' : 'logLevel'} must be one of ${LEVELS.join(', ')}`);
  const isConsoleLike = LEVELS.slice(1).every((severity) => typeof (logger as any)?.[severity] === 'function');
  if (!isConsoleLike) fail('logger must have error, warn, info and debug methods');

  return (severity) => {
    if (LEVELS.indexOf(severity) > threshold) return undefined;
    return (message) => logger[severity]('[@vendor/api-client] ' + message);
  };
}

/** `VENDOR_LOG`, where the runtime has environment variables; unset and empty are the same. */
function readEnvironmentLevel(): string | undefined {
  try {
    return (globalThis as any).process?.env?.VENDOR_LOG || undefined;
  } catch {
    // Deno without --allow-env throws on access: no environment then.
    return undefined;
  }
}
