#!/usr/bin/env node
// vendor-api-mock: the mock for partners. One log line per request; stops on SIGINT/SIGTERM.
import { parseCliArgs, USAGE } from './cli-args.js';
import { PortInUseError, startMock } from './server.js';

async function main(): Promise<void> {
  let options;
  try {
    options = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`vendor-api-mock: ${(error as Error).message}\n`);
    process.exit(2);
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  // Signal handlers first: a signal that arrives while starting must still stop cleanly.
  let mock: Awaited<ReturnType<typeof startMock>> | undefined;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal}: stopping the mock\n`);
    (mock ? mock.close() : Promise.resolve()).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));

  try {
    mock = await startMock({
      port: options.port,
      host: options.host,
      cors: options.cors,
      ...(options.spec && { spec: options.spec }),
      onRequest: (line) => process.stdout.write(`${line}\n`),
      onWarning: (line) => process.stderr.write(`WARN ${line}\n`),
    });
  } catch (error) {
    if (error instanceof PortInUseError) {
      process.stderr.write(`vendor-api-mock: port ${error.port} is already in use; choose another with --port <port>\n`);
      process.exit(1);
    }
    throw error;
  }
  if (stopping) return mock.close();
  // performance.now() counts from the start of this process: the figure includes loading Node and the mock.
  const readyMs = Math.round(performance.now());
  const cors = options.cors === false ? 'off' : options.cors === true ? 'any origin' : options.cors.origins!.join(', ');
  process.stdout.write(
    [
      `Platform API mock listening on ${mock.url} (ready in ${readyMs} ms)`,
      `  control plane baseUrl:   ${mock.url}`,
      `  gateway gatewayBaseUrl:  ${mock.url}`,
      `  e.g. createPlatformClient({ baseUrl: '${mock.url}', gatewayBaseUrl: '${mock.url}', token: 'any' })`,
      `  any non-empty bearer token is accepted; CORS: ${cors}; Ctrl+C stops`,
      '',
    ].join('\n'),
  );
}

main().catch((error: Error) => {
  process.stderr.write(`vendor-api-mock: ${error.message}\n`);
  process.exit(1);
});
