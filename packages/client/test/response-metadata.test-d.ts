// Type tests of issue 23: withResponse, pages() and hooks.
import { describe, expectTypeOf, it } from 'vitest';
import type { AgentSkillVersion, AgentTurn, operations, Team } from '@vendor/api-types';
import {
  createPlatformClient,
  PlatformHookError,
  type ErrorHookContext,
  type HookContext,
  type MethodResult,
  type OperationId,
  type PagedIterator,
  type PageWithResponse,
  type PlatformClient,
  type PlatformError,
  type PlatformHooks,
  type ResponseHookContext,
  type RetryHookContext,
  type WithResponse,
} from '../src/index.js';

declare const platform: PlatformClient;

describe('withResponse', () => {
  it('resolves to the plain call body, the Response and the request id', () => {
    type Plain = Awaited<ReturnType<typeof platform.getTeam>>;
    expectTypeOf(platform.getTeam.withResponse).returns.resolves.toEqualTypeOf<WithResponse<Plain>>();
    expectTypeOf(platform.getTeam.withResponse).returns.resolves.toEqualTypeOf<{ data: { data: Team }; response: Response; requestId: string | null }>();
    expectTypeOf(platform.listAgentSessionTurns.withResponse).returns.resolves.toHaveProperty('data').toEqualTypeOf<
      Awaited<ReturnType<typeof platform.listAgentSessionTurns>>
    >();
  });

  it('takes exactly the plain call arguments', () => {
    expectTypeOf(platform.getTeam.withResponse).parameters.toEqualTypeOf<Parameters<typeof platform.getTeam>>();
    void platform.listAgentSkillVersions.withResponse();
    void platform.getTeam.withResponse({ params: { path: { id: 't' } }, maxRetries: 0, timeoutMs: 5, headers: { 'x-a': 'b' } });
    // @ts-expect-error params are required for getTeam
    void platform.getTeam.withResponse();
    // @ts-expect-error unknown path parameter
    void platform.getTeam.withResponse({ params: { path: { id: 't', teamId: 'x' } } });
  });

  it('leaves the plain call as it was', () => {
    expectTypeOf(platform.getTeam).returns.resolves.toEqualTypeOf<{ data: Team }>();
    expectTypeOf(platform.getTeam).parameters.toEqualTypeOf<Parameters<PlatformClient['getTeam']>>();
  });
});

describe('pages()', () => {
  it('yields each page body, its items and its metadata', async () => {
    type SkillPage = MethodResult<operations['listAgentSkillVersions']>;
    for await (const page of platform.iterateAgentSkillVersions({ params: { query: { limit: 100 } } }).pages()) {
      expectTypeOf(page).toEqualTypeOf<PageWithResponse<SkillPage, AgentSkillVersion>>();
      expectTypeOf(page.data).toEqualTypeOf<Awaited<ReturnType<typeof platform.listAgentSkillVersions>>>();
      expectTypeOf(page.items).toEqualTypeOf<AgentSkillVersion[]>();
      expectTypeOf(page.response).toEqualTypeOf<Response>();
      expectTypeOf(page.requestId).toEqualTypeOf<string | null>();
    }
  });

  it('the iterator is the item iterator plus pages()', () => {
    type TurnsPage = MethodResult<operations['listAgentSessionTurns']>;
    expectTypeOf(platform.iterateAgentSessionTurns).returns.toEqualTypeOf<PagedIterator<AgentTurn, TurnsPage>>();
    expectTypeOf(platform.iterateAgentSessionTurns).returns.toExtend<AsyncIterableIterator<AgentTurn>>();
    // @ts-expect-error pages() takes no argument: the walk's init is the iterator's
    void platform.iterateAgentSkillVersions().pages({ limit: 3 });
  });
});

describe('hooks', () => {
  it('each hook gets its own context type', () => {
    createPlatformClient({
      baseUrl: 'https://x',
      token: 't',
      hooks: {
        onRequest: (context) => {
          expectTypeOf(context).toEqualTypeOf<HookContext>();
          expectTypeOf(context.operationId).toEqualTypeOf<OperationId>();
          expectTypeOf(context.attempt).toEqualTypeOf<number>();
          expectTypeOf(context.durationMs).toEqualTypeOf<number>();
          context.request.headers.set('traceparent', '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
          // @ts-expect-error headers can be set, not read: Authorization stays out of reach
          void context.request.headers.get('authorization');
          // @ts-expect-error onRequest has no response yet
          void context.response;
        },
        onResponse: async (context) => {
          expectTypeOf(context).toEqualTypeOf<ResponseHookContext>();
          expectTypeOf(context.response).toEqualTypeOf<Response>();
        },
        onRetry: (context) => {
          expectTypeOf(context).toEqualTypeOf<RetryHookContext>();
          expectTypeOf(context.status).toEqualTypeOf<number | undefined>();
          expectTypeOf(context.error).toEqualTypeOf<PlatformError>();
          expectTypeOf(context.delayMs).toEqualTypeOf<number>();
        },
        onError: (context) => {
          expectTypeOf(context).toEqualTypeOf<ErrorHookContext>();
          expectTypeOf(context.error).toEqualTypeOf<unknown>();
        },
      },
    });
  });

  it('a hook may return anything, a promise included', () => {
    const statuses: number[] = [];
    const hooks: PlatformHooks = {
      onResponse: ({ response }) => statuses.push(response.status),
      onRetry: async () => 'ignored',
    };
    void hooks;
  });

  it('a wrong hook signature does not compile', () => {
    // @ts-expect-error onRequest gets no response
    const wrongContext: PlatformHooks = { onRequest: (context: ResponseHookContext) => context.response };
    // @ts-expect-error attempt is a number
    const wrongField: PlatformHooks = { onRetry: (context: { attempt: string }) => context.attempt };
    // @ts-expect-error no such hook (onRequests)
    const wrongName: PlatformHooks = { onRequests: () => {} };
    // @ts-expect-error a hook is a function
    const notAFunction: PlatformHooks = { onError: 'log' };
    void [wrongContext, wrongField, wrongName, notAFunction];
  });

  it('PlatformHookError is a PlatformError naming the hook', () => {
    expectTypeOf<PlatformHookError>().toExtend<PlatformError>();
    expectTypeOf<PlatformHookError['hook']>().toEqualTypeOf<'onRequest' | 'onResponse' | 'onRetry' | 'onError'>();
  });
});
