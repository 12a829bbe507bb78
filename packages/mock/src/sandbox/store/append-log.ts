// An append-only file of lines, written in groups: lines appended while a write is under way go out
// together in the next one, so many concurrent requests cost a few writes. `flushed()` resolves once every
// line appended so far is in the file (handed to the operating system: it survives the process, not the machine).
import type { FileHandle } from 'node:fs/promises';

export interface AppendLog {
  append(line: string): void;
  /** Resolves when every line appended so far is written; rejects when a write failed. */
  flushed(): Promise<void>;
  close(): Promise<void>;
}

export function createAppendLog(file: FileHandle): AppendLog {
  let pending: string[] = [];
  let writing: Promise<void> = Promise.resolve();
  let failure: Error | undefined;

  const writeNext = async () => {
    const lines = pending;
    pending = [];
    if (lines.length === 0) return;
    try {
      await file.appendFile(lines.join(''));
    } catch (error) {
      failure = error as Error;
    }
  };

  return {
    append(line) {
      pending.push(`${line}\n`);
    },
    async flushed() {
      // Chained: each flush waits for the write before it, then writes whatever has gathered.
      writing = writing.then(writeNext);
      await writing;
      if (failure !== undefined) throw failure;
    },
    async close() {
      await writing;
      await file.close();
    },
  };
}
