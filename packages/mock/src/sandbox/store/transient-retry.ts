// Slow is not down: on a busy database a write may wait for a pooled connection, lose a serialization
// race or be picked as a deadlock victim. Each of these succeeds when tried again, so the store retries
// it within a budget instead of answering 503; an unreachable database still fails at once.

/** SQLSTATEs that a retry of the same work resolves: serialization_failure, deadlock_detected. */
const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);
/** pg-pool's error when no connection became free within connectionTimeoutMillis. */
const POOL_WAIT_TIMEOUT = /timeout exceeded when trying to connect/i;

export interface RetryBudget {
  /** how long all attempts of one piece of work may take together */
  totalMs: number;
  /** the first pause between attempts; it doubles up to maxPauseMs */
  firstPauseMs: number;
  maxPauseMs: number;
}

export const DEFAULT_RETRY_BUDGET: RetryBudget = { totalMs: 30_000, firstPauseMs: 25, maxPauseMs: 1_000 };

export function isTransientDatabaseError(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && RETRYABLE_SQLSTATES.has(code)) return true;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && POOL_WAIT_TIMEOUT.test(message);
}

/** Runs `work`, again after a pause while it fails with a transient error and the budget lasts. */
export async function retryTransient<T>(work: () => Promise<T>, budget: RetryBudget = DEFAULT_RETRY_BUDGET, now = Date.now): Promise<T> {
  const deadline = now() + budget.totalMs;
  let pauseMs = budget.firstPauseMs;
  for (;;) {
    try {
      return await work();
    } catch (error) {
      const budgetLeft = now() + pauseMs < deadline;
      if (!isTransientDatabaseError(error) || !budgetLeft) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    pauseMs = Math.min(pauseMs * 2, budget.maxPauseMs);
  }
}
