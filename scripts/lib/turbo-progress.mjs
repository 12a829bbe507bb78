// The progress lines of `npm test`, read from a turbo run started with
// `--log-order=grouped --output-logs=new-only --continue=dependencies-successful`.
//
// Turbo 2.11 prints no line when a task ends while it streams output. Grouped, it prints a task's whole
// output ("cache miss, executing <hash>" or "cache hit, ..." first) when the task ends: a block's first
// line is its task's end. A failed task's block is followed by "<task id>:  WARNING  command finished with
// error, but continuing..." on stderr (read a little before or after the block), so a block becomes "✓"
// once settleMs passed without it. Grouped output has no start line either: the tasks that may be running
// are those whose dependencies have all ended, from the task graph (`turbo run --dry=json`), and a task's
// time counts from when it could start. A task of a package without that script (turbo's dry run says its command is
// "<NONEXISTENT>") is never run and prints nothing: it is left out, and what depends on it waits for its dependencies.
//
// Pure: every call is given the time, and returns the lines to print.

const TURBO_SAYS_FAILED = /finished with error|\bERROR\b/;

/**
 * @param {{ tasks: { id: string, dependencies: string[], command?: string }[], concurrency: number, startedAt: number, settleMs?: number }} options
 *   tasks: every task of the run as `turbo run --dry=json` lists them, id "package#task"
 */
export function createTurboProgress({ tasks, concurrency, startedAt, settleMs = 1000 }) {
  const states = tasksTurboRuns(tasks).map((task) => ({
    id: task.id,
    dependencyIds: task.dependencies,
    outputPrefix: `${task.id.replace('#', ':')}:`, // turbo prefixes a task's output with "package:task:"
    endedAt: undefined,
    lastLineAt: undefined,
    cached: false,
    verdict: undefined, // 'passed' | 'failed', once known
    output: [],
  }));
  const byId = new Map(states.map((state) => [state.id, state]));
  // Longest id first, so a line of "//#test:contract" is never taken for one of a task "//#test".
  const longestIdFirst = [...states].sort((a, b) => b.id.length - a.id.length);
  // Turbo's own lines that came after a block whose verdict is not known yet: shown after that verdict.
  let heldBack = [];

  const hasEnded = (state) => state.endedAt !== undefined;
  const awaitsVerdict = (state) => hasEnded(state) && state.verdict === undefined;
  const dependenciesOf = (state) => state.dependencyIds.map((id) => byId.get(id)).filter(Boolean);

  /** When the task could start: when its last dependency ended, or when the run started. */
  function startableAt(state) {
    return Math.max(startedAt, ...dependenciesOf(state).map((dependency) => dependency.endedAt ?? startedAt));
  }

  function timeTaken(state) {
    return state.cached ? 'cached' : duration(state.endedAt - startableAt(state));
  }

  function passed(state) {
    state.verdict = 'passed';
    state.output = []; // a passing task's output is not shown
    return [`✓ ${state.id} ${timeTaken(state)}`];
  }

  function failed(state, now) {
    state.endedAt ??= now; // turbo's line was read before the block
    state.verdict = 'failed';
    return [`✗ ${state.id} failed after ${timeTaken(state)}; its output:`, ...state.output];
  }

  /** Turbo's own line: shown now, or after the verdicts it came after. */
  function turboLine(text) {
    if (!states.some(awaitsVerdict)) return [text];
    heldBack.push(text);
    return [];
  }

  /** Verdicts for the blocks that ended settleMs ago (or all of them), then the lines held back for them. */
  function settle(now, { all = false } = {}) {
    const lines = [];
    for (const state of states) {
      if (awaitsVerdict(state) && (all || now - state.lastLineAt >= settleMs)) lines.push(...passed(state));
    }
    if (!states.some(awaitsVerdict)) {
      lines.push(...heldBack);
      heldBack = [];
    }
    return lines;
  }

  return {
    /** One line of turbo's output, stdout or stderr. */
    line(text, now) {
      const failure = longestIdFirst.find((state) => text.startsWith(`${state.id}:`) && TURBO_SAYS_FAILED.test(text));
      if (failure?.verdict === 'failed') return turboLine(text); // turbo repeats it in its closing summary
      if (failure) return [...failed(failure, now), ...settle(now)];

      const owner = longestIdFirst.find((state) => text.startsWith(state.outputPrefix));
      if (!owner) return text.trim() === '' ? [] : turboLine(text); // banner, summary
      owner.endedAt ??= now;
      owner.lastLineAt = now;
      if (text.startsWith(`${owner.outputPrefix} cache hit, `)) owner.cached = true;
      if (owner.verdict === 'failed') return [text]; // the rest of a block read after turbo's failure line
      owner.output.push(text);
      return [];
    },

    tick(now) {
      return settle(now);
    },

    /** After turbo exited: every block and every failure line has been read. */
    end(now) {
      return settle(now, { all: true });
    },

    /** The heartbeat: how far the run is, and which tasks it is waiting for since when. */
    stillRunning(now) {
      // A task whose dependency failed never runs (--continue=dependencies-successful).
      const canRun = (state) => dependenciesOf(state).every((dependency) => hasEnded(dependency) && dependency.verdict !== 'failed');
      const startable = states.filter((state) => !hasEnded(state) && canRun(state));
      const done = states.filter(hasEnded).length;
      const head = `… ${duration(now - startedAt)}: ${done} of ${states.length} tasks done`;
      if (startable.length === 0) return head;
      // Turbo keeps `concurrency` tasks running: when no more can run than that, all of them are running.
      const label = startable.length <= concurrency ? 'still running' : `running or queued (${concurrency} at a time)`;
      const waitingFor = startable.map((state) => `${state.id} (${duration(now - startableAt(state))})`);
      return `${head}; ${label}: ${waitingFor.join(', ')}`;
    },
  };
}

/** Turbo's dry run names a task whose package has no such script with this command. */
const NO_SCRIPT = '<NONEXISTENT>';

/** The tasks turbo runs, each depending on the run tasks it waits for (through any task that runs nothing). */
export function tasksTurboRuns(tasks) {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const runsNothing = (task) => task.command === NO_SCRIPT;
  const waitsFor = (id, seen = new Set()) => {
    const task = byId.get(id);
    if (task === undefined || !runsNothing(task)) return [id];
    if (seen.has(id)) return [];
    seen.add(id);
    return task.dependencies.flatMap((dependency) => waitsFor(dependency, seen));
  };
  return tasks
    .filter((task) => !runsNothing(task))
    .map((task) => ({ ...task, dependencies: [...new Set(task.dependencies.flatMap((id) => waitsFor(id)))] }));
}

/** "42 s", "1m 05s". */
export function duration(ms) {
  const totalSeconds = Math.max(0, Math.round(ms / 1000));
  if (totalSeconds < 60) return `${totalSeconds} s`;
  const minutes = Math.floor(totalSeconds / 60);
  return `${minutes}m ${String(totalSeconds % 60).padStart(2, '0')}s`;
}
