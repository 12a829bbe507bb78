// The fault step of the mock and the sandbox (engine/mock-stages.ts), between reading the body and validating it:
// waits for `Prefer: delay=MS`, then answers `Prefer: fault=...` (or chaos mode's draw) instead of the operation.
// Faults are a deliberate step outside the contract: any operation can get any of them, documented or not.
import type { FaultKind, Preferences } from '../core/prefer-header.js';
import type { RequestContext } from '../core/request-context.js';
import { sendError } from '../core/response-writer.js';
import type { ErrorKind } from '../core/error-shapes.js';
import type { Chaos } from './chaos.js';
import type { FaultCounters } from './fault-counters.js';

export interface FaultDeps {
  counters: FaultCounters;
  chaos: Chaos | undefined;
}

const REASONS: Record<Exclude<FaultKind, 'reset'>, { kind: ErrorKind; text: string }> = {
  '429': { kind: 'rate-limited', text: 'Too many requests' },
  '500': { kind: 'server-error', text: 'Internal server error' },
  '502': { kind: 'unavailable', text: 'Bad gateway' },
  '503': { kind: 'unavailable', text: 'Service unavailable' },
  '504': { kind: 'unavailable', text: 'Gateway timeout' },
};

const DEFAULT_RETRY_AFTER_SECONDS = 1;

/**
 * Delays and answers the request's fault; true when the request is answered (or its connection dropped). Without a
 * fault or a delay to apply it answers false at once, not as a promise: such a request waits for nothing here.
 */
export function applyFaults(ctx: RequestContext, deps: FaultDeps): boolean | Promise<boolean> {
  const plan = planFault(ctx, deps);
  // A fleet's counter answers once the database has counted (sandbox/fleet/shared-fault-counters.ts).
  if (plan instanceof Promise) return plan.then((counted) => applyPlan(ctx, counted));
  return applyPlan(ctx, plan);
}

function applyPlan(ctx: RequestContext, plan: FaultPlan): boolean | Promise<boolean> {
  if (plan.delayMs > 0) return sleep(plan.delayMs).then(() => answerFault(ctx, plan));
  return answerFault(ctx, plan);
}

function answerFault(ctx: RequestContext, plan: FaultPlan): boolean {
  if (plan.fault === undefined) return false;
  if (plan.fault === 'reset') {
    ctx.reply.reset();
    return true;
  }
  const reason = REASONS[plan.fault];
  const status = Number(plan.fault);
  const headers: Record<string, string> = {};
  const retryAfter = ctx.preferences.retryAfter ?? DEFAULT_RETRY_AFTER_SECONDS;
  if (retryAfter !== 'none') headers['retry-after'] = String(retryAfter);
  sendError(ctx.reply, ctx.op.errorShape, { status, kind: reason.kind, message: `${reason.text} (a fault the request asked for: ${plan.source})` }, headers);
  return true;
}

interface FaultPlan {
  fault: FaultKind | undefined;
  delayMs: number;
  /** for the error message: which preference or mode caused it */
  source: string;
}

const NO_FAULT: FaultPlan = Object.freeze({ fault: undefined, delayMs: 0, source: '' });

/** The request's own Prefer wins; chaos mode only draws for requests that ask for neither fault nor delay. */
function planFault(ctx: RequestContext, deps: FaultDeps): FaultPlan | Promise<FaultPlan> {
  const preferences = ctx.preferences;
  const asksForFault = preferences.fault !== undefined;
  const asksForDelay = preferences.delayMs !== undefined;
  if (asksForFault || asksForDelay) {
    const planned = (counted: boolean): FaultPlan => ({ fault: counted ? preferences.fault : undefined, delayMs: preferences.delayMs ?? 0, source: `Prefer: fault=${preferences.fault}` });
    if (!asksForFault) return planned(false);
    const counted = isCounted(ctx, preferences, deps.counters);
    if (typeof counted === 'boolean') return planned(counted);
    return counted.then(planned);
  }
  if (deps.chaos === undefined) return NO_FAULT;
  const drawn = deps.chaos.draw();
  return { fault: drawn.fault, delayMs: drawn.delayMs, source: `chaos mode, seed ${deps.chaos.seed}` };
}

/** Without times/key every request fails; with them, only the first `times` that carry the key. */
function isCounted(ctx: RequestContext, preferences: Preferences, counters: FaultCounters): boolean | Promise<boolean> {
  if (preferences.times === undefined || preferences.key === undefined) return true;
  const scope = ctx.caller?.tenant ?? '';
  return counters.shouldFail(scope, preferences.key, preferences.times);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
