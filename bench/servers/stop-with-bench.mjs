// Shared by the bench's server processes: close the mock and exit on SIGTERM/SIGINT or when stdin closes (the
// bench process went away), so a server never outlives the bench. `hardLimitMs` bounds a close that hangs.
export function stopWithBench(mock, hardLimitMs) {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const hard = setTimeout(() => process.exit(0), hardLimitMs);
    hard.unref();
    mock.close().finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  process.stdin.on('end', stop);
  process.stdin.on('error', stop);
  process.stdin.resume();
}
