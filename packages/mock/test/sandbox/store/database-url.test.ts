// The database URL as the banner shows it: where the records are, never a password (userinfo or query string).
import { describe, expect, it } from 'vitest';
import { shownDatabaseUrl } from '../../../src/sandbox/store/database-url.js';

describe('shownDatabaseUrl', () => {
  it('hides the userinfo password and every secret query parameter, keeping the rest', () => {
    const shown = shownDatabaseUrl('postgres://ada:s3cr%40t@db.example:5432/sandbox?sslmode=require&password=hunter2&sslpassword=k3y');
    expect(shown).toBe('postgres://ada:***@db.example:5432/sandbox?sslmode=require&password=***&sslpassword=***');
  });

  it('leaves a URL without a password as it is', () => {
    expect(shownDatabaseUrl('postgresql://ada@127.0.0.1/db')).toBe('postgresql://ada@127.0.0.1/db');
  });

  it('shows nothing of a URL that does not parse', () => {
    expect(shownDatabaseUrl('postgres://ada:pw@[bad')).not.toContain('pw');
  });
});
