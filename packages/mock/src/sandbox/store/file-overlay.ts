// --data DIR: the memory overlay, with every change appended to DIR/changes.jsonl before the write is
// answered, and replayed at start. Reads are served from memory, as fast as the memory sandbox; one process
// owns the directory (data-dir-owner.ts). At start and at close the changes are compacted into
// DIR/snapshot.jsonl (one line per entry), so the log holds only what changed since.
import { existsSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { deepFreeze } from '../deep-freeze.js';
import { createAppendLog, type AppendLog } from './append-log.js';
import { takeOwnership } from './data-dir-owner.js';
import { createMemoryOverlay, type MemoryOverlay, type OverlayChange } from './memory-overlay.js';
import type { OverlayStore } from './overlay-store.js';
import { StoreUnavailableError } from './record-store.js';
import type { TenantQuota } from './tenant-quota.js';

const SNAPSHOT = 'snapshot.jsonl';
const CHANGES = 'changes.jsonl';

export async function openFileOverlay(dir: string, warn: (line: string) => void, quota?: TenantQuota): Promise<OverlayStore> {
  await mkdir(dir, { recursive: true });
  refuseEarlierFormat(dir);
  const ownership = await takeOwnership(dir);
  let log: AppendLog | undefined;
  try {
    const memory = createMemoryOverlay('file', (change) => log!.append(JSON.stringify(change)), quota);
    for (const file of [SNAPSHOT, CHANGES]) await replay(path.join(dir, file), memory, warn);
    await compact(dir, memory);
    log = createAppendLog(await open(path.join(dir, CHANGES), 'a'));
    // Idle time counts from this start for tenants that wrote before it (activity is not logged).
    await memory.touch([...memory.tenants().keys()]);
    return withLoggedWrites(memory, log, async () => {
      await log!.close();
      await compact(dir, memory);
      await ownership.release();
    });
  } catch (error) {
    await ownership.release();
    throw error;
  }
}

/** The memory overlay whose writes resolve once their change is in the log. */
function withLoggedWrites(memory: MemoryOverlay, log: AppendLog, closeFiles: () => Promise<void>): OverlayStore {
  const logged = async <T>(result: T): Promise<T> => {
    try {
      await log.flushed();
    } catch (error) {
      throw new StoreUnavailableError(`the sandbox cannot write to its data directory: ${(error as Error).message}`, { cause: error });
    }
    return result;
  };
  return {
    backend: 'file',
    find: memory.find,
    list: memory.list,
    insert: async (tenant, record) => logged(await memory.insert(tenant, record)),
    upsertByKey: async (tenant, record, seeded) => logged(await memory.upsertByKey(tenant, record, seeded)),
    replace: async (tenant, record, seen) => logged(await memory.replace(tenant, record, seen)),
    remove: async (tenant, targets, owner) => logged(await memory.remove(tenant, targets, owner)),
    dropTenant: async (tenant) => logged(await memory.dropTenant(tenant)),
    forgetIdle: async (idleMs) => logged(await memory.forgetIdle(idleMs)),
    touch: memory.touch,
    tenantCount: memory.tenantCount,
    ping: memory.ping,
    async close() {
      await closeFiles();
      await memory.close();
    },
  };
}

/** Applies each logged change; a last line cut short by a crash is the one write that never completed. */
async function replay(file: string, memory: MemoryOverlay, warn: (line: string) => void): Promise<void> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (line === '') continue;
    let change: OverlayChange;
    try {
      change = JSON.parse(line) as OverlayChange;
    } catch {
      const isLastLine = lines.slice(index + 1).every((rest) => rest === '');
      if (!isLastLine) throw new Error(`${file}:${index + 1} is not a change the sandbox wrote; the data directory is damaged`);
      warn(`${path.basename(file)}: skipped its last line, cut short when the sandbox stopped while writing it`);
      continue;
    }
    // Frozen like every stored record: readers share it (memory-overlay.ts).
    if (change.op === 'put' && change.entry.record !== null) deepFreeze(change.entry.record);
    memory.apply(change);
  }
}

/** Writes every entry to a new snapshot, swaps it in, then empties the change log. */
async function compact(dir: string, memory: MemoryOverlay): Promise<void> {
  const next = path.join(dir, `${SNAPSHOT}.next`);
  const file = await open(next, 'w');
  try {
    for (const [tenant, entries] of memory.tenants()) {
      const lines: string[] = [];
      for (const entry of entries.byId.values()) lines.push(`${JSON.stringify({ op: 'put', tenant, entry } satisfies OverlayChange)}\n`);
      await file.write(lines.join(''));
    }
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(next, path.join(dir, SNAPSHOT));
  await rm(path.join(dir, CHANGES), { force: true });
}

/** Earlier versions kept --data in an embedded Postgres (PGlite); its files are not read here. */
function refuseEarlierFormat(dir: string): void {
  if (existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new Error(`${dir} holds an embedded Postgres database from an earlier version of the sandbox, which this version does not read; start with an empty directory`);
  }
}
