#!/usr/bin/env node
// `npm run bench:check`: checks bench/results.json (written by `npm run bench`) against the budgets in
// bench/config.mjs. Prints every budget's headroom, closest to failing first; prints one FAIL line per
// missed budget (measured value, budget, margin) and exits 1 when any is missed or was not measured.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { budgets, evaluateBudget } from '../bench/config.mjs';
import { resultsPath, repoRoot } from '../bench/lib/paths.mjs';
import { budgetValue, budgetLimit, budgetMargin, budgetHeadroom, rankBudgets, closestLine } from '../bench/lib/report.mjs';

// Optional argument: another results file (default bench/results.json).
const file = process.argv[2] ? path.resolve(process.argv[2]) : resultsPath;
const rel = path.relative(repoRoot, file);
if (!existsSync(file)) {
  console.error(`bench:check: ${rel} does not exist; run \`npm run bench\` first`);
  process.exit(1);
}
let results;
try {
  results = JSON.parse(readFileSync(file, 'utf8'));
} catch (error) {
  console.error(`bench:check: ${rel} is not valid JSON: ${error.message}`);
  process.exit(1);
}

/** For a partial run: which sections it refreshed, and which it kept from earlier runs (merged, with their dates). */
function partialNote(meta) {
  if (!meta.partial) return '';
  let note = `, partial run (refreshed: ${(meta.sections ?? []).join(', ')}`;
  const kept = (meta.carried ?? []).map((c) => `${c.id} ${c.date ?? '?'}`);
  if (kept.length > 0) note += `; kept from earlier runs: ${kept.join(', ')}`;
  return `${note})`;
}

const m = results.meta ?? {};
console.log(`bench:check: ${rel} from ${m.date ?? '?'}, commit ${m.commitShort ?? m.commit ?? '?'}${m.dirty ? ' (dirty)' : ''}, Node ${m.node ?? '?'}, ${m.cpuCount ?? '?'} CPUs${partialNote(m)}`);

// Re-evaluated from the raw measurements with the budgets as they are now (not the verdicts stored in the file).
const evaluated = budgets.map((b) => evaluateBudget(b, results));
// Closest to failing first: by headroom in margins (the noise of each measurement); unmeasured ones first.
const ranked = rankBudgets(evaluated);

console.log('\nHeadroom (closest to failing first):');
for (const b of ranked) {
  const status = b.value === undefined ? 'MISSING' : !b.pass ? 'FAIL   ' : b.atRisk ? 'AT RISK' : 'ok     ';
  console.log(`  ${status} ${b.id}: ${budgetValue(b)} (budget ${budgetLimit(b)}, margin ${budgetMargin(b)}), headroom ${budgetHeadroom(b)}`);
}

const missed = evaluated.filter((b) => !b.pass);
if (missed.length) {
  console.log('');
  for (const b of missed) {
    if (b.value === undefined) {
      console.error(`FAIL ${b.id}: not measured in ${rel} (budget ${budgetLimit(b)}, margin ${budgetMargin(b)}); run the whole \`npm run bench\``);
    } else {
      console.error(`FAIL ${b.id}: measured ${budgetValue(b)}, budget ${budgetLimit(b)}, margin ${budgetMargin(b)} (${b.title})`);
    }
  }
  console.error(`\nbench:check: ${missed.length} of ${evaluated.length} budgets missed. ${closestLine(evaluated).replace(/`/g, "")}`);
  process.exit(1);
}
console.log(`\nbench:check: all ${evaluated.length} budgets met. ${closestLine(evaluated).replace(/`/g, "")}`);
