// Sizes as people write them (--max-tenant-bytes 512kB, 10MB): decimal units (kB = 1,000 bytes), binary ones
// (KiB = 1,024 bytes), or a plain number of bytes; and the byte length of stored JSON, counted alike by every store.

const UNIT_BYTES: Record<string, number> = {
  b: 1,
  kb: 1_000,
  mb: 1_000_000,
  gb: 1_000_000_000,
  kib: 1_024,
  mib: 1_048_576,
  gib: 1_073_741_824,
};

/** Bytes of "512kB", "10MB", "1GiB" or "2048", or a number of bytes; 0 is allowed (it turns a quota off). */
export function readSize(value: string | number, name: string): number {
  if (typeof value === 'number') {
    const isCount = Number.isInteger(value) && value >= 0;
    if (!isCount) throw new Error(`${name} must be a whole number of bytes, 0 or more (got ${value})`);
    return value;
  }
  const match = /^(\d{1,12}(?:\.\d{1,3})?)\s*([a-z]*)$/i.exec(value.trim());
  const unit = match === null ? undefined : UNIT_BYTES[(match[2] || 'b').toLowerCase()];
  if (match === null || unit === undefined) {
    throw new Error(`${name} must be a size such as 512kB, 10MB or 1GiB, or 0 to turn it off (got ${JSON.stringify(value)})`);
  }
  return Math.round(Number(match[1]) * unit);
}

/** "10 MB", "512 kB", "6.9 kB", "999 B": a size for a message, in the decimal units the flags take (one decimal at most). */
export function formatSize(bytes: number): string {
  const oneDecimal = (value: number) => String(Math.round(value * 10) / 10);
  if (bytes >= 1_000_000) return `${oneDecimal(bytes / 1_000_000)} MB`;
  if (bytes >= 1_000) return `${oneDecimal(bytes / 1_000)} kB`;
  return `${bytes} B`;
}

/** UTF-8 bytes of a string, without encoding it (the in-process fetch has no Buffer). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      // a surrogate pair: one four-byte character
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
