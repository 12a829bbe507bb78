// The access log: one line per request (method, path without the query string, status, duration), nothing else.
// Written in batches: a write to a pipe or a terminal is synchronous in Node, so a line per request would hold up
// the event loop under load. Lines wait for the end of the current turn of the event loop, then leave in one write.

export function accessLine(method: string, rawUrl: string, status: number, durationMs: number): string {
  const path = rawUrl.split('?')[0] ?? '/';
  return `${method} ${path} ${status} ${durationMs.toFixed(1)}ms`;
}

export interface BatchedLines {
  /** queues one line (without its newline) */
  write(line: string): void;
  /** writes what is queued now (before the process exits) */
  flush(): void;
}

/** Lines to `write` in batches, one write per turn of the event loop at most. */
export function batchedLines(write: (text: string) => void): BatchedLines {
  let queued: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (queued.length === 0) return;
    const text = `${queued.join('\n')}\n`;
    queued = [];
    write(text);
  };
  return {
    write(line) {
      queued.push(line);
      if (scheduled) return;
      scheduled = true;
      setImmediate(flush);
    },
    flush,
  };
}
