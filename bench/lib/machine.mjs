// Facts about the machine and the checkout, for the report.
import os from 'node:os';
import { execFileSync } from 'node:child_process';
import { repoRoot } from './paths.mjs';

function git(args) {
  try {
    return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

export function machineInfo() {
  const cpus = os.cpus();
  const status = git(['status', '--porcelain', '--untracked-files=no']);
  return {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    cpuCount: cpus.length,
    availableParallelism: typeof os.availableParallelism === 'function' ? os.availableParallelism() : cpus.length,
    cpuModel: cpus[0]?.model?.trim(),
    totalMemoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    loadAverageAtStart: os.loadavg().map((l) => Math.round(l * 100) / 100),
    commit: git(['rev-parse', 'HEAD']),
    commitShort: git(['rev-parse', '--short', 'HEAD']),
    dirty: status === undefined ? undefined : status.length > 0,
  };
}
