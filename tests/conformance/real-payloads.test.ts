// Bodies as the service and its SDKs put them on the wire, each checked against the documented response
// schema of its operation and status. A case here is a payload the contract once rejected, kept so that
// it never does again; the liberal-responses suite covers the generated variations.
import { describe, expect, test } from 'vitest';
import { compile, errorsOf, responseSchema } from './lib/spec';

interface RealPayload {
  name: string;
  operationId: string;
  status: string;
  body: unknown;
}

// A turn from a newer gateway: first_turn_id and updated_at, no created_by_subject; its done state asks
// for approval of tool calls by reference, and its usage breaks the input tokens down.
const newerGatewayTurnPage = {
  data: [
    {
      id: '01jdx7m2k4p6r8t0v2x4z6b8d0',
      session_id: '01arz3ndektsv4rrffq69g5fav.g',
      previous_turn_id: '01jdx7k0h2j4l6n8q0s2u4w6y8',
      first_turn_id: '01jdx7h8f0h2j4l6n8q0s2u4w6',
      created_at: '2026-11-20T09:12:44.018Z',
      updated_at: '2026-11-20T09:12:51.730Z',
      state: {
        status: 'done',
        completed_at: '2026-11-20T09:12:51.730Z',
        required_actions: [
          {
            type: 'tool.approval_required',
            id: 'act_01jdx7m9w1y3a5c7e9g1j3l5',
            created_at: '2026-11-20T09:12:51.702Z',
            thread_id: 'thr_01jdx7m2k4p6r8t0v2x4',
            tool_calls: [{ id: 'call_scale_billing_worker', source_event_id: 'msg_01jdx7m9t7v9x1z3b5d7f9h1' }],
          },
        ],
        output: {
          type: 'model.message',
          id: 'msg_01jdx7m9t7v9x1z3b5d7f9h1',
          thread_id: 'thr_01jdx7m2k4p6r8t0v2x4',
          created_at: '2026-11-20T09:12:51.690Z',
          content: null,
          tool_calls: [
            {
              id: 'call_scale_billing_worker',
              type: 'function',
              function: { name: 'scale', arguments: '{"replicas":3}' },
              tool_info: { type: 'mcp', server_id: 'cmd7x2f0k0002qs01h6v3c4zz', server_name: 'deploy-tools', name: 'scale' },
            },
          ],
          finish_reason: 'tool_calls',
          usage: {
            input_tokens: 2210,
            output_tokens: 38,
            cache_read_tokens: null,
            cache_write_tokens: null,
            input_tokens_breakdown: { harness: 240, skills: 120, instructions: 410, tool_definitions: 812, messages: 628 },
          },
        },
      },
      input: [{ type: 'user.message', content: 'Scale the billing worker to three replicas.' }],
    },
  ],
  pagination: { limit: 1, next_page_token: '01jdx7k0h2j4l6n8q0s2u4w6y8' },
};

// The gateway SDK's own wire tests send `updated_at` as any string (the literal "updated_at"): it is not a date-time.
const turnWithPlainUpdatedAt = {
  data: [
    {
      id: '01jdx7h8f0h2j4l6n8q0s2u4w6',
      session_id: '01arz3ndektsv4rrffq69g5fav.g',
      first_turn_id: '01jdx7h8f0h2j4l6n8q0s2u4w6',
      created_at: '2026-11-20T09:10:02.114Z',
      updated_at: 'updated_at',
      state: { status: 'running' },
    },
  ],
  pagination: { limit: 10 },
};

// The session's first turn from a newer gateway: no previous_turn_id, it is its own first turn.
const newerGatewayFirstTurn = {
  data: [
    {
      id: '01jdx7h8f0h2j4l6n8q0s2u4w6',
      session_id: '01arz3ndektsv4rrffq69g5fav.g',
      first_turn_id: '01jdx7h8f0h2j4l6n8q0s2u4w6',
      created_at: '2026-11-20T09:10:02.114Z',
      updated_at: '2026-11-20T09:10:02.114Z',
      state: { status: 'running' },
    },
  ],
  pagination: { limit: 10, next_page_token: null, previous_page_token: null },
};

const cases: RealPayload[] = [
  { name: 'a page of turns from a newer gateway (references, token breakdown)', operationId: 'listAgentSessionTurns', status: '200', body: newerGatewayTurnPage },
  { name: 'the first turn of a session from a newer gateway', operationId: 'listAgentSessionTurns', status: '200', body: newerGatewayFirstTurn },
  { name: 'a turn whose updated_at is a plain string', operationId: 'listAgentSessionTurns', status: '200', body: turnWithPlainUpdatedAt },
];

describe('real payloads validate against their documented response', () => {
  test.each(cases)('$operationId $status: $name', ({ operationId, status, body }) => {
    const validate = compile(responseSchema(operationId, status));
    expect(validate(body), errorsOf(validate)).toBe(true);
  });

  test('a tool-call reference without source_event_id is refused, so the cases above are checked for real', () => {
    const withoutSource = structuredClone(newerGatewayTurnPage);
    delete (withoutSource.data[0]!.state.required_actions[0]!.tool_calls[0] as { source_event_id?: string }).source_event_id;
    const validate = compile(responseSchema('listAgentSessionTurns', '200'));
    expect(validate(withoutSource)).toBe(false);
    expect(errorsOf(validate)).toMatch(/source_event_id/);
  });
});

describe('a model message tool call says where its tool lives (tool_info)', () => {
  const validate = compile(responseSchema('listAgentSessionTurns', '200'));
  const toolCallOf = (page: typeof newerGatewayTurnPage) => page.data[0]!.state.output.tool_calls[0] as Record<string, unknown>;

  test('a tool call without tool_info is refused, as the gateway SDK refuses it', () => {
    const page = structuredClone(newerGatewayTurnPage);
    delete toolCallOf(page).tool_info;
    expect(validate(page)).toBe(false);
    expect(errorsOf(validate)).toMatch(/tool_info/);
  });

  test('a platform tool needs its name; an MCP server tool its server id and name', () => {
    const platform = structuredClone(newerGatewayTurnPage);
    toolCallOf(platform).tool_info = { type: 'vendor-system', name: 'scale' };
    expect(validate(platform), errorsOf(validate)).toBe(true);
    const withoutServer = structuredClone(newerGatewayTurnPage);
    toolCallOf(withoutServer).tool_info = { type: 'mcp', server_name: 'deploy-tools', name: 'scale' };
    expect(validate(withoutServer)).toBe(false);
    expect(errorsOf(validate)).toMatch(/server_id/);
  });
});
