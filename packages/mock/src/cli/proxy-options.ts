// `npx @vendor/api-mock proxy ...`: its flag table for the shared reader (flag-reader.ts), read into startProxy's
// options. Errors name the flag, never a URL's value (an upstream URL may carry a password).
import { COMMAND } from '../core/command-name.js';
import { helpText, readArgs, type FlagEnvironment, type FlagTable } from './flag-reader.js';
import { readUpstream } from './flag-values.js';
import { LISTEN_FLAGS } from './listen-flags.js';
import { checkObserveOptions, OBSERVE_FLAGS, OBSERVE_HELP, OBSERVE_USAGE, type ObserveCliOptions } from './observe-flags.js';

export interface ProxyCliOptions extends ObserveCliOptions {
  upstream: string;
  gatewayUpstream?: string;
  port: number;
  host: string;
  strict: boolean;
  record?: string;
  report?: string;
  /** a JSON bundle to check against; default the published one (which carries no x-provenance markers) */
  spec?: string;
  help: boolean;
}

export const PROXY_USAGE = `Usage: ${COMMAND} proxy --upstream URL [--gateway-upstream URL] [--port 4010] [--host 127.0.0.1]
                            [--strict] [--record DIR] [--report FILE] [--spec openapi.json]
${OBSERVE_USAGE}

A validation proxy: point a client at it instead of the real API. Each request goes on to its upstream
(gateway operations to --gateway-upstream, default --upstream) unchanged; request and answer are checked
against the spec both ways. Answers with findings carry x-contract-findings: N; GET /_proxy/report lists them.
--strict refuses invalid requests (the operation's invalid-input error) and replaces answers that break the
contract with a 502 listing how. --report FILE writes the report as JSON on exit; --record DIR records the
exchanges. Ctrl+C (or SIGTERM) stops it and prints a summary. The report says which x-provenance facts of the spec
the traffic confirmed or contradicted when --spec names a bundle that keeps them (npm run proxy in the repository).

${OBSERVE_HELP}`;

export const PROXY_FLAGS = {
  upstream: { flag: '--upstream', takes: 'value', read: readUpstream, required: true },
  gatewayUpstream: { flag: '--gateway-upstream', takes: 'value', read: readUpstream },
  ...LISTEN_FLAGS,
  strict: { flag: '--strict', takes: 'nothing', default: false },
  record: { flag: '--record', takes: 'value' },
  report: { flag: '--report', takes: 'value' },
  spec: { flag: '--spec', takes: 'value' },
  ...OBSERVE_FLAGS,
} satisfies FlagTable;

/** What --help prints: the usage, then every flag beside its variable. */
export const PROXY_HELP = helpText(PROXY_USAGE, PROXY_FLAGS);

export function parseProxyArgs(argv: readonly string[], env: FlagEnvironment = process.env): ProxyCliOptions {
  const { help, given } = readArgs(argv, PROXY_FLAGS, PROXY_USAGE, env);
  checkObserveOptions(given);
  // The flags are options of the same names; only --help may leave out --upstream.
  return { ...given, help, upstream: given.upstream ?? '' };
}
