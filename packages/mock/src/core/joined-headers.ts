// Request headers as one string per lower-case name: what the journal and the proxy's recordings show of them.
// Pure: no Node built-ins, since the mock also runs in browsers and workerd.

/** Request headers as node:http or a fetch Request give them; repeated headers may come as a list. */
export type HeadersToJoin = Readonly<Record<string, string | readonly string[] | undefined>>;

/** One string per lower-case name; names differing only in case are one header in HTTP, so their values join with ", ". */
export function joinedHeaders(headers: HeadersToJoin): Record<string, string> {
  const joined: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const lowerName = name.toLowerCase();
    const text = typeof value === 'string' ? value : value.join(', ');
    const earlier = joined[lowerName];
    if (earlier === undefined) joined[lowerName] = text;
    else joined[lowerName] = `${earlier}, ${text}`;
  }
  return joined;
}
