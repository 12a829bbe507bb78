// Variant checks (oneOf / anyOf): each old branch is matched with the new branch of the same key
// (its $ref, else its const discriminator property, else its position) and compared with it. A
// branch with no match is a removed variant in a request; in a response, it is one the server no
// longer sends, which no caller has to handle.
import { decodePointer } from '@vendor/spec-model';
import { flattenAllOf } from '../flatten-all-of.mjs';
import { isJsonObject } from '../json-values.mjs';
import { resolveRef } from '../resolve-ref.mjs';
import { VARIANT_KEYWORDS } from '../schema-keywords.mjs';

/** @param {import('../schema-pair.mjs').SchemaPair} pair */
export function checkVariants(pair) {
  for (const keyword of VARIANT_KEYWORDS) {
    const oldBranches = pair.oldSchema[keyword];
    const newBranches = pair.newSchema[keyword];
    if (!Array.isArray(oldBranches) || !Array.isArray(newBranches)) continue;
    const newIndexByKey = new Map(newBranches.map((rawBranch, index) => [branchKey(pair.newDocument, rawBranch, index), index]));
    oldBranches.forEach((rawBranch, oldIndex) => {
      const key = branchKey(pair.oldDocument, rawBranch, oldIndex);
      const newIndex = newIndexByKey.get(key);
      if (newIndex === undefined) {
        if (pair.isRequest) pair.report('removed-variant', [keyword, oldIndex], `variant ${branchLabel(key)} removed`);
        return;
      }
      pair.compareNested(rawBranch, newBranches[newIndex], keyword, newIndex);
    });
    const oldKeys = new Set(oldBranches.map((rawBranch, index) => branchKey(pair.oldDocument, rawBranch, index)));
    newBranches.forEach((rawBranch, newIndex) => {
      const key = branchKey(pair.newDocument, rawBranch, newIndex);
      if (!oldKeys.has(key)) pair.note('addition', 'added-variant', [keyword, newIndex], `new variant ${variantName(key)}`);
    });
  }
}

/** A stable key for a oneOf/anyOf branch: `ref:<$ref>`, else `const:<property>=<value>`, else `index:<position>`. */
function branchKey(document, rawBranch, index) {
  const { node, ref } = resolveRef(document, rawBranch);
  if (ref) return `ref:${ref}`;
  const branch = flattenAllOf(document, node);
  if (isJsonObject(branch?.properties)) {
    for (const [name, rawProperty] of Object.entries(branch.properties)) {
      const property = resolveRef(document, rawProperty).node;
      if (isJsonObject(property) && 'const' in property) return `const:${name}=${JSON.stringify(property.const)}`;
    }
  }
  return `index:${index}`;
}

/** A new branch as the changelog names it: its schema's name (`Team`), else what branchLabel prints. */
function variantName(key) {
  if (!key.startsWith('ref:')) return branchLabel(key);
  return String(decodePointer(key.slice('ref:'.length)).at(-1));
}

/** The branch key as the change message prints it: without its `ref:` / `const:` / `index:` prefix. */
function branchLabel(key) {
  return key.replace(/^(ref|const|index):/, '');
}
