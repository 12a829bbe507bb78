// Where the proxy sends each request: the control plane's upstream or the gateway's, by the operation's address
// space in the spec. Messages name an upstream by its host only: the URL may carry credentials in its userinfo.
import { BASE_URL_RULE, parseBaseUrl } from '../../core/base-url.js';
import type { MockOperation } from '../../spec/operation-table.js';

export interface Upstream {
  /** scheme, host, port and an optional path prefix; userinfo is never sent (the client's Authorization is) */
  url: URL;
  /** host[:port], the only part of the URL messages and logs show */
  host: string;
}

export interface Upstreams {
  controlPlane: Upstream;
  gateway: Upstream;
}

/** Both upstreams; the gateway's defaults to the control plane's. Throws naming the option, never its value. */
export function createUpstreams(upstream: string, gatewayUpstream: string | undefined): Upstreams {
  const controlPlane = upstreamOf(upstream, 'upstream');
  if (gatewayUpstream === undefined) return { controlPlane, gateway: controlPlane };
  return { controlPlane, gateway: upstreamOf(gatewayUpstream, 'gatewayUpstream') };
}

function upstreamOf(raw: string, option: string): Upstream {
  const url = parseBaseUrl(raw);
  if (url === undefined) throw new Error(`${option} must be ${BASE_URL_RULE}`);
  return { url, host: url.host };
}

/** The upstream of the operation's address space; a path the spec does not have goes to the control plane's. */
export function upstreamFor(upstreams: Upstreams, op: MockOperation | undefined): Upstream {
  if (op?.addressSpace === 'gateway') return upstreams.gateway;
  return upstreams.controlPlane;
}

/**
 * The request-target to send upstream: the upstream's path prefix, then the client's path and query exactly as
 * written (a string, not a URL, so neither encoding nor dot segments are normalised on the way).
 */
export function upstreamPath(upstream: Upstream, target: string): string {
  const prefix = upstream.url.pathname.replace(/\/+$/, '');
  return `${prefix}${originForm(target)}`;
}

/** A target in absolute form (`GET http://host/path`, as sent to forward proxies) keeps only its path and query. */
function originForm(target: string): string {
  if (target.startsWith('/')) return target;
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return `/${target}`;
  }
}
