// format: email as RFC 5321 writes a mailbox (section 4.1.2): the one definition every checker of the contract uses.
import { describe, expect, it } from 'vitest';
import { EMAIL_FORMAT, isEmailAddress } from '../src/index.js';

describe('EMAIL_FORMAT', () => {
  it.each(['ada@dev', '"a b"@example.com', 'ada@acme.example', 'a.b+tag@x-y.example', "o'neil!#$%&*=?^_`{|}~@host", 'ada@[192.0.2.1]', 'ada@[IPv6:2001:db8::1]', '"quoted\\"pair"@dev'])(
    'takes %s',
    (address) => {
      expect(isEmailAddress(address)).toBe(true);
    },
  );

  it.each(['ada@', '@dev', 'ada', 'a..b@dev', '.ada@dev', 'ada.@dev', 'ada@-dev', 'ada@dev-', 'ada@dev..example', 'a b@dev', 'ada@@dev', 'ada@[300.1.1.1]', ''])('refuses %j', (address) => {
    expect(isEmailAddress(address)).toBe(false);
  });

  it('is a RegExp (so that ajv standalone code embeds it) without flags that keep state', () => {
    expect(EMAIL_FORMAT).toBeInstanceOf(RegExp);
    expect(EMAIL_FORMAT.global || EMAIL_FORMAT.sticky).toBe(false);
  });
});
