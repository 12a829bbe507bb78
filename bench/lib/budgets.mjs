// The budgets' arithmetic for config.mjs (kept apart so that file stays a list of settings and budgets): a measured
// value against its budget, with its headroom, and a run with failed requests counted as not measured.

/**
 * A measurement whose run had failed requests measured an error path, not the store: it counts as not measured.
 * (`failed`: the requests of that run answered with anything but 200.)
 */
export function withoutFailures(run) {
  if (run === undefined || run.failed !== 0) return undefined;
  return run;
}

/** Headroom of a measured value against its budget, as a fraction of the budget (negative = missed). */
export function evaluateBudget(budget, results) {
  const raw = budget.value(results);
  const value = typeof raw === 'number' && Number.isFinite(raw) ? raw : undefined;
  if (value === undefined) return { ...budget, value: undefined, pass: false, headroom: undefined, atRisk: true };
  const pass = budget.op === '<=' ? value <= budget.budget : value >= budget.budget;
  const slack = budget.op === '<=' ? budget.budget - value : value - budget.budget;
  // An exact count (margin 0, e.g. rows written) has no noise and, with a budget of 0, no share of the
  // budget to show: met, it is never at risk and ranks after every noisy budget; missed, before them.
  const exact = budget.margin === 0;
  if (exact) return { ...budget, value, pass, headroom: undefined, slack: pass ? Infinity : -Infinity, atRisk: !pass };
  return { ...budget, value, pass, headroom: slack / budget.budget, slack, atRisk: !pass || slack < budget.margin };
}
