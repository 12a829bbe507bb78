// The document the docs are built from: the bundled spec plus generated `x-codeSamples` on every operation
// and the generated introduction sections. The hand-authored spec is never changed.
import { SAMPLE_LANGS } from './constants.mjs';
import { curlSample } from './curl-sample.mjs';
import { introduction } from './introduction.mjs';
import { listOperations } from './operations.mjs';
import { deref } from './resolve.mjs';
import { typescriptSample } from './ts-sample.mjs';

/**
 * @returns {{ document: Record<string, any>, samples: { operationId: string, exampleName: string|undefined, typescript: string, curl: string }[] }}
 */
export function buildDocsBundle(bundle) {
  const document = structuredClone(bundle);
  const ops = listOperations(document);
  const samples = ops.map((op) => ({
    operationId: op.operationId,
    exampleName: op.body?.exampleName,
    typescript: typescriptSample(op),
    curl: curlSample(op),
  }));
  for (const [i, op] of ops.entries()) {
    const pathItem = deref(document, document.paths[op.path]);
    pathItem[op.method]['x-codeSamples'] = [
      { lang: 'TypeScript', label: SAMPLE_LANGS.typescript, source: samples[i].typescript },
      { lang: 'Shell', label: SAMPLE_LANGS.curl, source: samples[i].curl },
    ];
  }
  const ownDescription = document.info?.description ? `${document.info.description.trimEnd()}\n\n` : '';
  document.info = { ...document.info, description: `${ownDescription}${introduction(ops)}` };
  return { document, samples };
}
