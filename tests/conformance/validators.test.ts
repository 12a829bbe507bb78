// The bundled document passes the common third-party validators, not only our own suite and Redocly's
// lint: @apidevtools/swagger-parser (used by swagger-cli and many generators) checks it against the
// official OpenAPI 3.1 schema.
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { doc } from './lib/spec.js';

async function validationError(document: unknown): Promise<string | null> {
  try {
    await SwaggerParser.validate(structuredClone(document) as any);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('@apidevtools/swagger-parser validate', () => {
  it('accepts the bundled document', async () => {
    expect(await validationError(doc)).toBeNull();
  });

  // The official 3.1 schema allows no `description` on a server variable: the text lives in the
  // server's own description. This keeps the check above honest.
  it('rejects a server variable with a description', async () => {
    const mutated = structuredClone(doc);
    mutated.servers[0].variables.base_url.description = 'Host of your control plane.';
    expect(await validationError(mutated)).toMatch(/variables\/base_url/);
  });
});
