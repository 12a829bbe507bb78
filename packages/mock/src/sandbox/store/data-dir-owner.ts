// One process owns a data directory (--data DIR): it serves reads from memory and appends writes to the
// directory's log, so a second process would read stale data and interleave its writes. The owner leaves
// its pid in DIR/owner.pid; a file left by a process that is gone is taken over.
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface DataDirOwnership {
  release(): Promise<void>;
}

export async function takeOwnership(dir: string): Promise<DataDirOwnership> {
  const file = path.join(dir, 'owner.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx' });
      return { release: () => rm(file, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    if (isRunning(owner)) throw new Error(`${dir} is in use by another sandbox (process ${owner}); one process owns a data directory`);
    await rm(file, { force: true });
  }
  throw new Error(`${dir}: could not take over owner.pid from a process that has exited`);
}

function isRunning(pid: number): boolean {
  const isPid = Number.isInteger(pid) && pid > 0;
  if (!isPid) return false;
  // Our own pid: another sandbox in this process has the directory open.
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
