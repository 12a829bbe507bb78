// No partner-facing text of the bundled spec (descriptions, summaries, titles, examples, defaults,
// provenance notes) mentions where a fact came from. Each hit is reported with its JSON pointer.
import { describe, expect, test } from 'vitest';
import { doc } from './lib/spec';
import { formatHit, proseHits } from './lib/prose';

describe('partner-facing text of the bundled spec', () => {
  test('contains none of the banned phrases', () => {
    const hits = proseHits(doc).map(formatHit);
    expect(hits, `${hits.length} banned phrase(s):\n${hits.join('\n')}`).toEqual([]);
  });
});

describe('the phrase finder', () => {
  const fixture = {
    info: { title: 'Pets', description: 'Manage pets.' },
    paths: {
      '/pets': {
        get: {
          summary: 'List pets (from the seed)',
          parameters: [{ name: 'seed', in: 'query', description: 'Random seed for sampling.', schema: { type: 'string', enum: ['seed'] } }],
          responses: {
            '200': {
              description: 'Pets as the deployed service sends them.',
              content: { 'application/json': { examples: { one: { value: { note: 'Not shown in service-facts.md' } } } } },
            },
          },
        },
      },
    },
    components: { schemas: { Pet: { type: 'object', 'x-provenance': 'service', 'x-provenance-note': 'Read from the facts file.' } } },
  };

  test('reports each phrase in prose and examples with its pointer, and ignores names and enum values', () => {
    expect(proseHits(fixture).map((h) => [h.pointer, h.phrase.toLowerCase()])).toEqual([
      ['#/paths/~1pets/get/summary', 'seed'],
      ['#/paths/~1pets/get/parameters/0/description', 'seed'],
      ['#/paths/~1pets/get/responses/200/description', 'deployed service'],
      ['#/paths/~1pets/get/responses/200/content/application~1json/examples/one/value/note', 'not shown'],
      ['#/paths/~1pets/get/responses/200/content/application~1json/examples/one/value/note', 'service-facts'],
      ['#/components/schemas/Pet/x-provenance-note', 'facts file'],
    ]);
  });

  test('any word starting with "seed" counts; prose about the API has no hits', () => {
    expect(proseHits({ info: { description: 'Seeding-free text about services that are deployed.' } })).toHaveLength(1);
    expect(proseHits({ info: { description: 'Lists the services that are deployed in a workspace.' } })).toEqual([]);
  });
});
