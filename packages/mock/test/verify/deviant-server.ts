// A deliberately deviant implementation of the API for verify's tests: the sandbox (in memory) behind a small
// HTTP server that breaks the contract in seeded ways, one per operation. Each deviation names the operation,
// the check verify must report it under and, where one fits, the rule. Routes are its own, as a real server's are.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSpecModel, jsonContentOf } from '@vendor/spec-model';
import { createMockFetch, type SandboxFetch } from '../../src/fetch.js';
import type { CheckName } from '../../src/index.js';
import { loadBundle } from '../helpers/spec.js';

/** The first documented body of createOrUpdateMcpServer: what the deviant stores instead of a body it should refuse. */
const MCP_EXAMPLE = jsonContentOf(createSpecModel(loadBundle()).operation('createOrUpdateMcpServer').requestBody!.content)!.examples[0]!.value;

export interface Deviation {
  operationId: string;
  check: CheckName;
  /** the exact rule (or its beginning) verify must name */
  rule: string;
  what: string;
}

export const DEVIATIONS: readonly Deviation[] = [
  { operationId: 'getTeam', check: 'response_schema_conformance', rule: 'required', what: 'drops the required data field' },
  { operationId: 'getBatch', check: 'response_schema_conformance', rule: 'type', what: 'sends the batch id as a number' },
  { operationId: 'getVirtualAccount', check: 'status_code_conformance', rule: 'undocumented-status', what: 'answers 418 for an account it has' },
  { operationId: 'getMetricCharts', check: 'not_a_server_error', rule: 'server-error', what: 'answers 500 when startTs is after endTs' },
  { operationId: 'createOrUpdateMcpServer', check: 'negative_data_rejection', rule: 'invalid-accepted:', what: 'answers 200 to a body it should refuse' },
  { operationId: 'getFile', check: 'content_type_conformance', rule: 'media_type', what: 'labels its JSON text/plain' },
  { operationId: 'getArtifactVersion', check: 'response_schema_conformance', rule: 'required', what: 'answers 404 in the wrong error shape' },
  { operationId: 'getMcpServer', check: 'ensure_resource_availability', rule: 'linked-not-found', what: 'does not find a server just created' },
  { operationId: 'listAgentSkillVersions', check: 'pagination_ends', rule: 'repeated-item', what: 'ignores offset: every page is the first' },
  { operationId: 'listAgentSessionTurns', check: 'pagination_ends', rule: 'repeated-token', what: 'always names the same next page' },
  { operationId: 'deleteMlRepo', check: 'use_after_free', rule: 'deleted-still-answers', what: 'deletes the same repo again and again' },
  { operationId: 'getAgentSkill', check: 'ignored_auth', rule: 'unauthenticated-accepted', what: 'answers without a token' },
  { operationId: 'changePassword', check: 'response_schema_conformance', rule: 'required', what: 'answers 401 in the wrong error shape' },
  { operationId: 'getArtifactVersionSignedUrls', check: 'negative_data_rejection', rule: 'invalid-accepted:', what: 'signs URLs for an invalid body' },
  { operationId: 'createSecretGroup', check: 'status_code_conformance', rule: 'invalid-wrong-status:', what: 'refuses invalid bodies with 400, not the documented 422' },
  { operationId: 'createOrUpdateModelVersion', check: 'positive_data_acceptance', rule: 'valid-refused', what: 'refuses even its documented examples' },
  { operationId: 'terminateJob', check: 'not_a_server_error', rule: 'server-error', what: 'answers 500 for a job run name longer than 20 characters' },
  { operationId: 'listResponseInputItems', check: 'not_a_server_error', rule: 'server-error', what: 'answers 500 to a request without a token' },
];

/** Routes of the deviations, by method and path. */
const ROUTES: ReadonlyArray<[string, RegExp, string]> = [
  ['GET', /^\/api\/svc\/v1\/teams\/[^/]+$/, 'getTeam'],
  ['GET', /^\/batches\/[^/]+$/, 'getBatch'],
  ['GET', /^\/api\/svc\/v1\/virtual-accounts\/[^/]+$/, 'getVirtualAccount'],
  ['GET', /^\/api\/svc\/v1\/metrics\/[^/]+\/charts$/, 'getMetricCharts'],
  ['PUT', /^\/api\/svc\/v1\/mcp$/, 'createOrUpdateMcpServer'],
  ['GET', /^\/files\/[^/]+$/, 'getFile'],
  ['GET', /^\/api\/ml\/v1\/artifact-versions\/[^/]+$/, 'getArtifactVersion'],
  ['GET', /^\/api\/svc\/v1\/mcp-servers\/[^/]+$/, 'getMcpServer'],
  ['GET', /^\/api\/svc\/v1\/agent-skill-versions$/, 'listAgentSkillVersions'],
  ['GET', /^\/[^/]+\/v1\/agents\/sessions\/[^/]+\/turns$/, 'listAgentSessionTurns'],
  ['DELETE', /^\/api\/ml\/v1\/ml-repos\/[^/]+$/, 'deleteMlRepo'],
  ['GET', /^\/api\/ml\/v1\/agent-skills\/[^/]+$/, 'getAgentSkill'],
  ['POST', /^\/api\/svc\/v1\/users\/change-password$/, 'changePassword'],
  ['POST', /^\/api\/ml\/v1\/artifact-versions\/signed-urls$/, 'getArtifactVersionSignedUrls'],
  ['POST', /^\/api\/svc\/v1\/secret-groups$/, 'createSecretGroup'],
  ['PUT', /^\/api\/ml\/v1\/model-versions$/, 'createOrUpdateModelVersion'],
  ['POST', /^\/api\/svc\/v1\/jobs\/terminate$/, 'terminateJob'],
  ['GET', /^\/responses\/[^/]+\/input_items$/, 'listResponseInputItems'],
];

export interface DeviantServer {
  url: string;
  /** a token the deviant accepts (tenant acme, whose records the examples show) */
  token: string;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * How getMcpServer answers for a server just created or updated: not at all (404), or with a field changed; how
 * listAgentSessionTurns pages: the same next token on every page, or a refusal (400) of the token it handed out.
 */
export interface DeviantOptions {
  createdServers?: 'not-found' | 'read-back-differs';
  turnPages?: 'same-token' | 'refuses-own-token';
}

export async function startDeviantServer(options: DeviantOptions = {}): Promise<DeviantServer> {
  const sandbox = createMockFetch({ sandbox: {}, onWarning: () => {} });
  const token = await sandbox.token('acme');
  const createdServers = new Set<string>();
  let turnPages = 0;
  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      res.writeHead(599).end(error.message);
    });
  });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://deviant.test');
    const body = await readBody(req);
    const operationId = ROUTES.find(([method, path]) => method === req.method && path.test(url.pathname))?.[2];
    const forward = (init: { url?: URL; authorization?: string | undefined } = {}) => answerOf(sandbox, req, init.url ?? url, body, init.authorization);
    const hasToken = req.headers.authorization === `Bearer ${token}`;
    let answer: Answer;
    switch (operationId) {
      case 'getTeam':
        answer = await forward();
        if (answer.status === 200) delete (answer.body as any).data;
        break;
      case 'getBatch':
        answer = await forward();
        if (answer.status === 200) (answer.body as any).id = 12345;
        break;
      case 'getVirtualAccount':
        answer = await forward();
        if (answer.status === 200) answer.status = 418;
        break;
      case 'getMetricCharts': {
        const start = url.searchParams.get('startTs');
        const end = url.searchParams.get('endTs');
        const startsAfterEnd = start !== null && end !== null && Number(start) > Number(end);
        answer = hasToken && startsAfterEnd ? { status: 500, headers: { 'content-type': 'text/plain' }, body: 'Internal Server Error' } : await forward();
        break;
      }
      case 'createOrUpdateMcpServer':
        answer = await forward();
        if (answer.status === 400) answer = await answerOf(sandbox, req, url, JSON.stringify(MCP_EXAMPLE), req.headers.authorization);
        if (answer.status === 200) createdServers.add((answer.body as any).data.id);
        break;
      case 'getFile':
        answer = await forward();
        answer.headers['content-type'] = 'text/plain';
        break;
      case 'getArtifactVersion':
        answer = await forward();
        if (answer.status === 404) answer.body = { error: 'not found' };
        break;
      case 'getMcpServer': {
        const id = decodeURIComponent(url.pathname.split('/').at(-1)!);
        const created = createdServers.has(id);
        if (created && options.createdServers === 'read-back-differs') {
          answer = await forward();
          if (answer.status === 200) (answer.body as any).data.manifest.description = 'not what was sent';
          break;
        }
        answer = created ? { status: 404, headers: { 'content-type': 'application/json' }, body: { statusCode: 404, message: 'MCP server not found' } } : await forward();
        break;
      }
      case 'listAgentSkillVersions': {
        const firstPage = new URL(url);
        firstPage.searchParams.delete('offset');
        answer = await forward({ url: firstPage });
        break;
      }
      case 'listAgentSessionTurns': {
        if (options.turnPages === 'refuses-own-token' && url.searchParams.has('page_token')) {
          answer = { status: 400, headers: { 'content-type': 'application/json' }, body: { error: { message: 'page_token is not a valid token', type: 'invalid_request_error' } } };
          break;
        }
        answer = await forward();
        if (options.turnPages === 'refuses-own-token') break;
        if (answer.status === 200) {
          const page = answer.body as any;
          turnPages += 1;
          for (const turn of page.data) turn.id = `${turn.id}-${turnPages}`;
          page.pagination.next_page_token = page.pagination.next_page_token ?? 'the-same-next-page';
          if (url.searchParams.has('page_token')) page.pagination.next_page_token = url.searchParams.get('page_token');
        }
        break;
      }
      case 'deleteMlRepo':
        answer = hasToken ? { status: 200, headers: { 'content-type': 'application/json' }, body: {} } : await forward();
        break;
      case 'getAgentSkill':
        answer = await forward({ authorization: `Bearer ${token}` });
        break;
      case 'changePassword':
        answer = await forward();
        if (answer.status === 401) answer.body = { error: 'unauthorized' };
        break;
      case 'getArtifactVersionSignedUrls':
        answer = await forward();
        if (answer.status === 422) answer = { status: 200, headers: { 'content-type': 'application/json' }, body: { data: [] } };
        break;
      case 'createSecretGroup':
        answer = await forward();
        if (answer.status === 422) answer.status = 400;
        break;
      case 'createOrUpdateModelVersion':
        answer = hasToken
          ? { status: 422, headers: { 'content-type': 'application/json' }, body: { detail: [{ loc: ['body'], msg: 'refused', type: 'value_error' }] } }
          : await forward();
        break;
      case 'terminateJob': {
        const longName = (url.searchParams.get('jobRunName') ?? '').length > 20;
        answer = hasToken && longName ? { status: 500, headers: {}, body: undefined } : await forward();
        break;
      }
      case 'listResponseInputItems':
        answer = req.headers.authorization === undefined ? { status: 500, headers: { 'content-type': 'application/json' }, body: { error: { message: 'internal error' } } } : await forward();
        break;
      default:
        answer = await forward();
    }
    const text = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    res.writeHead(answer.status, answer.headers).end(text);
  };

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length === 0 ? undefined : Buffer.concat(chunks).toString('utf8');
}

async function answerOf(sandbox: SandboxFetch, req: IncomingMessage, url: URL, body: string | undefined, authorization: string | undefined = req.headers.authorization): Promise<Answer> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  headers.delete('authorization');
  headers.delete('content-length');
  if (authorization !== undefined) headers.set('authorization', authorization);
  const response = await sandbox(new URL(`${url.pathname}${url.search}`, 'http://sandbox.test'), { method: req.method, headers, ...(body !== undefined && { body }) });
  const text = await response.text();
  const answerHeaders: Record<string, string> = {};
  const contentType = response.headers.get('content-type');
  if (contentType !== null) answerHeaders['content-type'] = contentType;
  return { status: response.status, headers: answerHeaders, body: text === '' ? undefined : JSON.parse(text) };
}
