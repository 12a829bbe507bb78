// What every command does with its command line before it runs: a usage error is printed (one line, or the usage
// after an unknown flag) with exit code 2; --help prints the usage.
import { PACKAGE_NAME } from '../core/command-name.js';

/**
 * The options `parse` reads from argv, or undefined once --help has printed `usage`. `command` (`token`, `proxy`)
 * follows the package's name in errors; the mock itself has none.
 */
export function parseOrExit<Options extends { help: boolean }>(
  command: string | undefined,
  argv: readonly string[],
  parse: (argv: readonly string[]) => Options,
  usage: string,
): Options | undefined {
  let options: Options;
  try {
    options = parse(argv);
  } catch (error) {
    const name = command === undefined ? PACKAGE_NAME : `${PACKAGE_NAME} ${command}`;
    process.stderr.write(`${name}: ${(error as Error).message}\n`);
    process.exit(2);
  }
  if (options.help) {
    process.stdout.write(`${usage}\n`);
    return undefined;
  }
  return options;
}
