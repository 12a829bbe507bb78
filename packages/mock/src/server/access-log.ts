// One access-log line per request: method, path (no query string), status, duration. Nothing else.
export function accessLine(method: string, rawUrl: string, status: number, durationMs: number): string {
  const path = rawUrl.split('?')[0] ?? '/';
  return `${method} ${path} ${status} ${durationMs.toFixed(1)}ms`;
}
