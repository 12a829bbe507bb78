// The document the docs are built from: the bundled spec plus generated `x-codeSamples` on every operation,
// the generated introduction sections, each gateway operation's server named where a reader sees it, server
// descriptions in plain text (Redoc shows them without Markdown), and unions reshaped so Redoc shows their
// variants (unions.mjs). The hand-authored spec is never changed.
import { SAMPLE_LANGS } from './constants.mjs';
import { curlSample } from './curl-sample.mjs';
import { presentOperationSunset, presentSunsets } from './deprecations.mjs';
import { consoleLead, introduction } from './introduction.mjs';
import { pythonSample } from './python-sample.mjs';
import { listOperations } from './operations.mjs';
import { plainServerDescriptions, presentServer } from './servers.mjs';
import { typescriptSample } from './ts-sample.mjs';
import { presentUnions } from './unions.mjs';

/**
 * @typedef {{ operationId: string, exampleName: string|undefined, labelSuffix: string, typescript: string, python: string, curl: string }} Sample
 * One TypeScript, one Python and one curl sample of an operation, for one of its named request examples.
 */

/**
 * The label a sample is listed under in the docs' language menu. The first example of an operation is plain
 * `TypeScript` / `curl` (the menu keeps that choice from one operation to the next); each further example is
 * named by its summary.
 */
export function sampleLabel(language, labelSuffix) {
  return labelSuffix ? `${language}: ${labelSuffix}` : language;
}

/** @returns {Sample[]} one per named request example (one for an operation without a body) */
function operationSamples(op) {
  const bodies = op.bodies.length > 0 ? op.bodies : [undefined];
  return bodies.map((body, i) => ({
    operationId: op.operationId,
    exampleName: body?.exampleName,
    labelSuffix: i === 0 ? '' : (body.summary ?? body.exampleName),
    typescript: typescriptSample(op, body),
    python: pythonSample(op, body),
    curl: curlSample(op, body),
  }));
}

/**
 * @returns {{ document: Record<string, any>, samples: Sample[], sampleLabels: string[], unions: import('./unions.mjs').UnionView[] }}
 *   sampleLabels: every sample label in menu order (the docs' config lists them; Redoc hides unlisted ones)
 */
export function buildDocsBundle(bundle) {
  const document = structuredClone(bundle);
  const ops = listOperations(document);
  const samples = [];
  const extraLabels = [];
  for (const op of ops) {
    const own = operationSamples(op);
    samples.push(...own);
    // The model points into `document`, so this is the docs document's own operation object.
    const operation = op.operation.definition;
    operation['x-codeSamples'] = own.flatMap((s) => [
      { lang: 'TypeScript', label: sampleLabel(SAMPLE_LANGS.typescript, s.labelSuffix), source: s.typescript },
      { lang: 'Python', label: sampleLabel(SAMPLE_LANGS.python, s.labelSuffix), source: s.python },
      { lang: 'Shell', label: sampleLabel(SAMPLE_LANGS.curl, s.labelSuffix), source: s.curl },
    ]);
    for (const s of own.slice(1)) extraLabels.push(s.labelSuffix);
    presentServer(operation, op);
    presentOperationSunset(operation, op.operation.sunset);
  }
  presentSunsets(document);
  plainServerDescriptions(document);
  const unions = presentUnions(document);
  const ownDescription = document.info?.description ? `${document.info.description.trimEnd()}\n\n` : '';
  document.info = { ...document.info, description: `${consoleLead()}\n\n${ownDescription}${introduction(ops, document.info)}` };
  // Menu order: every TypeScript entry, then every Python entry, then every curl entry.
  const sampleLabels = [...new Set([
    SAMPLE_LANGS.typescript,
    ...extraLabels.map((suffix) => sampleLabel(SAMPLE_LANGS.typescript, suffix)),
    SAMPLE_LANGS.python,
    ...extraLabels.map((suffix) => sampleLabel(SAMPLE_LANGS.python, suffix)),
    SAMPLE_LANGS.curl,
    ...extraLabels.map((suffix) => sampleLabel(SAMPLE_LANGS.curl, suffix)),
  ])];
  return { document, samples, sampleLabels, unions };
}
