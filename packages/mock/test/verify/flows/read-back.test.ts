import { describe, expect, it } from 'vitest';
import { mismatchedFields } from '../../../src/verify/flows/read-back.js';

describe('mismatchedFields: does a read give back what a write set?', () => {
  const sent = { manifest: { name: 'github-tools', description: 'GitHub', collaborators: [{ subject: 'team:platform' }], auth_data: { client_secret: 's' } } };

  it('finds nothing when the record (wrapped in data) has every field the request set', () => {
    const read = { data: { id: 'x', manifest: { ...structuredClone(sent.manifest), extra: 1 } } };
    expect(mismatchedFields(sent, read)).toEqual([]);
  });

  it('names each field that reads back different, by its path in the request body', () => {
    const read = { data: { manifest: { ...structuredClone(sent.manifest), description: 'other', collaborators: [] } } };
    expect(mismatchedFields(sent, read)).toEqual(['body.manifest.description', 'body.manifest.collaborators']);
  });

  it('skips what the read leaves out or sends as null (a read view may redact secrets)', () => {
    const read = { data: { manifest: { name: 'github-tools', description: 'GitHub', collaborators: [{ subject: 'team:platform' }], auth_data: { client_secret: null } } } };
    expect(mismatchedFields(sent, read)).toEqual([]);
  });
});
