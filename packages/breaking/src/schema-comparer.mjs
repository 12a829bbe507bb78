// Compares two schemas in one direction by running the named checks of checks/ in a fixed order
// (the order their breaks are reported in), and remembers the comparisons of $ref pairs.
import { flattenAllOf } from './flatten-all-of.mjs';
import { isJsonObject } from './json-values.mjs';
import { resolveRef } from './resolve-ref.mjs';
import { SchemaPair } from './schema-pair.mjs';
import { checkAnnotations } from './checks/annotations.mjs';
import { checkEnumValues, checkOpenEnumerations } from './checks/enums.mjs';
import { checkNarrowedLimits } from './checks/limits.mjs';
import { checkNestedSchemas } from './checks/nested-schemas.mjs';
import { checkNullableWrappers } from './checks/nullability.mjs';
import { checkProperties } from './checks/properties.mjs';
import { checkBooleanSchemas, checkDeclaredType, checkFormat } from './checks/types.mjs';
import { checkVariants } from './checks/variants.mjs';

/** The checks of two object schemas with their allOf members merged, in the order they report. */
const FLATTENED_SCHEMA_CHECKS = [checkDeclaredType, checkFormat, checkEnumValues, checkNarrowedLimits, checkProperties, checkNestedSchemas, checkVariants];

export class SchemaComparer {
  constructor(oldDocument, newDocument) {
    this.oldDocument = oldDocument;
    this.newDocument = newDocument;
    /** @type {Map<string, import('./schema-pair.mjs').SchemaBreak[]>} breaks of the $ref pairs already compared */
    this.finishedComparisons = new Map();
    /** @type {Set<string>} $ref pairs being compared further up the stack */
    this.comparisonsInProgress = new Set();
  }

  /**
   * Compares two schemas (raw: they may be $refs) in one direction.
   * @param {'request' | 'response'} direction
   * @param {string | undefined} via the component the enclosing schema lives in, if any
   * @returns {import('./schema-pair.mjs').SchemaBreak[]} breaks, paths relative to the schema
   */
  compare(oldRaw, newRaw, direction, via) {
    if (oldRaw === undefined || newRaw === undefined) return [];
    const oldResolved = resolveRef(this.oldDocument, oldRaw);
    const newResolved = resolveRef(this.newDocument, newRaw);
    // Only a pair of $refs can recur (inline schemas are finite trees), and only a pair names one comparison.
    const comparisonKey = oldResolved.ref && newResolved.ref ? `${direction}|${oldResolved.ref}|${newResolved.ref}` : null;
    if (comparisonKey) {
      if (this.finishedComparisons.has(comparisonKey)) return this.finishedComparisons.get(comparisonKey);
      if (this.comparisonsInProgress.has(comparisonKey)) return []; // recursive schema: compared at its first occurrence
      this.comparisonsInProgress.add(comparisonKey);
    }
    const pair = new SchemaPair({
      comparer: this,
      oldSchema: oldResolved.node,
      newSchema: newResolved.node,
      direction,
      via: newResolved.ref ?? oldResolved.ref ?? via,
    });
    const breaks = runChecks(pair);
    if (comparisonKey) {
      this.comparisonsInProgress.delete(comparisonKey);
      this.finishedComparisons.set(comparisonKey, breaks);
    }
    return breaks;
  }
}

/** Runs the checks on one resolved pair; returns its breaks. */
function runChecks(pair) {
  // Boolean schemas, nullable wrappers and open enumerations are compared as a whole (the wrapped
  // schemas through a nested comparison), so no later check sees them.
  const comparedAsBooleanSchemas = checkBooleanSchemas(pair);
  if (comparedAsBooleanSchemas) return pair.breaks;
  const bothAreObjectSchemas = isJsonObject(pair.oldSchema) && isJsonObject(pair.newSchema);
  if (!bothAreObjectSchemas) return pair.breaks;
  checkAnnotations(pair);
  const comparedAsNullableWrappers = checkNullableWrappers(pair);
  if (comparedAsNullableWrappers) return pair.breaks;
  const comparedAsOpenEnumerations = checkOpenEnumerations(pair);
  if (comparedAsOpenEnumerations) return pair.breaks;

  const flattenedPair = pair.withSchemas(flattenAllOf(pair.oldDocument, pair.oldSchema), flattenAllOf(pair.newDocument, pair.newSchema));
  for (const check of FLATTENED_SCHEMA_CHECKS) check(flattenedPair);
  return pair.breaks;
}
