// `npx @vendor/api-mock proxy ...`: its flags, read into startProxy's options. Errors name the flag, never a URL's
// value (an upstream URL may carry a password).
import { parseUpstreamUrl } from '../proxy/upstreams.js';
import { COMMAND } from './command-name.js';
import { readFlags, readPort } from './flag-reader.js';

export interface ProxyCliOptions {
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

A validation proxy: point a client at it instead of the real API. Each request goes on to its upstream
(gateway operations to --gateway-upstream, default --upstream) unchanged; request and answer are checked
against the spec both ways. Answers with findings carry x-contract-findings: N; GET /_proxy/report lists them.
--strict refuses invalid requests (the operation's invalid-input error) and replaces answers that break the
contract with a 502 listing how. --report FILE writes the report as JSON on exit; --record DIR records the
exchanges. Ctrl+C (or SIGTERM) stops it and prints a summary. The report says which x-provenance facts of the spec
the traffic confirmed or contradicted when --spec names a bundle that keeps them (npm run proxy in the repository).`;

export function parseProxyArgs(argv: readonly string[]): ProxyCliOptions {
  const options: Partial<ProxyCliOptions> & { port: number; host: string; strict: boolean; help: boolean } = { port: 4010, host: '127.0.0.1', strict: false, help: false };
  for (const { flag, inline, value } of readFlags(argv)) {
    switch (flag) {
      case '--upstream':
        options.upstream = readUpstream('--upstream', value());
        break;
      case '--gateway-upstream':
        options.gatewayUpstream = readUpstream('--gateway-upstream', value());
        break;
      case '--port':
      case '-p':
        options.port = readPort(value());
        break;
      case '--host':
        options.host = value();
        break;
      case '--strict':
        if (inline !== undefined) throw new Error('--strict takes no value');
        options.strict = true;
        break;
      case '--record':
        options.record = value();
        break;
      case '--report':
        options.report = value();
        break;
      case '--spec':
        options.spec = value();
        break;
      case '--help':
      case '-h':
        options.help = true;
        break;
      default:
        throw new Error(`unknown option ${flag}\n${PROXY_USAGE}`);
    }
  }
  if (options.help) return { ...options, upstream: options.upstream ?? '' };
  if (options.upstream === undefined) throw new Error(`--upstream is required\n${PROXY_USAGE}`);
  return { ...options, upstream: options.upstream };
}

function readUpstream(flag: string, raw: string): string {
  const url = parseUpstreamUrl(raw);
  if (url === undefined) throw new Error(`${flag} must be an http(s) URL (without query or fragment)`);
  return raw;
}
