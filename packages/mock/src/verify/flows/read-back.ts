// Does a read give back what a write set? Every field of the request body must read back equal where the read's
// record has that field (a record may be wrapped in `data`); fields the read leaves out or redacts as null are
// not compared (a read view may hide secrets). Paths come back as `body.manifest.name`.

export function mismatchedFields(sent: unknown, read: unknown): string[] {
  const record = isObject(read) && isObject(read.data) ? read.data : read;
  const out: string[] = [];
  compare(sent, record, 'body', out);
  return out;
}

function compare(sent: unknown, read: unknown, path: string, out: string[]): void {
  if (read === undefined || read === null) return;
  if (isObject(sent)) {
    if (!isObject(read)) {
      out.push(path);
      return;
    }
    for (const [key, value] of Object.entries(sent)) compare(value, read[key], `${path}.${key}`, out);
    return;
  }
  if (Array.isArray(sent)) {
    if (!Array.isArray(read) || read.length !== sent.length) {
      out.push(path);
      return;
    }
    sent.forEach((item, index) => compare(item, read[index], `${path}[${index}]`, out));
    return;
  }
  if (sent !== read) out.push(path);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
