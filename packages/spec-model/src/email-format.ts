// JSON Schema's `format: email`, as RFC 5321 writes a mailbox (section 4.1.2): a dot-string or a quoted local part,
// `@`, then a domain of one or more labels (no dot needed: `ada@dev`) or an address literal (`[192.0.2.1]`). One
// definition for every checker of the contract (the mock's generated and run-time validators, verify, the MCP
// server's argument check), so none refuses an address another takes. A RegExp, so that ajv's standalone code
// embeds it.
// Built in a function called as pure, so that a bundle importing anything else of the model (the client imports
// isSecretKey) leaves the whole expression out.
/** A mailbox as RFC 5321 allows it: `ada@dev` and `"a b"@example.com` match, `ada@` and `@dev` do not. */
export const EMAIL_FORMAT = /* @__PURE__ */ mailboxPattern();

function mailboxPattern(): RegExp {
  const atext = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]";
  const dotString = `${atext}+(?:\\.${atext}+)*`;
  const quotedString = '"(?:[\\x20\\x21\\x23-\\x5b\\x5d-\\x7e]|\\\\[\\x20-\\x7e])*"';
  const label = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
  const domain = `${label}(?:\\.${label})*`;
  const ipv4 = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(?:\\.(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}';
  const addressLiteral = `\\[(?:${ipv4}|IPv6:[0-9A-Fa-f:.]+)\\]`;
  return new RegExp(`^(?:${dotString}|${quotedString})@(?:${domain}|${addressLiteral})$`);
}

/** Whether `text` is an e-mail address as `format: email` means it. */
export function isEmailAddress(text: string): boolean {
  return EMAIL_FORMAT.test(text);
}
