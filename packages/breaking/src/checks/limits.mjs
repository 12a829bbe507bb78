// Narrowed limits (kind narrowed-limit): only the caller's input can be narrowed, so only requests
// are checked; a response limit is something callers read, not something they must meet.
import { LOWER_LIMIT_KEYWORDS, UNKNOWN_PROPERTIES_KEYWORDS, UPPER_LIMIT_KEYWORDS } from '../schema-keywords.mjs';

/** @param {import('../schema-pair.mjs').SchemaPair} pair */
export function checkNarrowedLimits(pair) {
  if (!pair.isRequest) return;
  checkWidenedLimits(pair);
  checkUpperLimits(pair);
  checkLowerLimits(pair);
  checkPattern(pair);
  checkMultipleOf(pair);
  checkUniqueItems(pair);
  checkUnknownProperties(pair);
}

/** A limit of the caller's input that was raised (upper) or lowered (lower) or dropped: more is accepted. */
function checkWidenedLimits(pair) {
  for (const keyword of [...UPPER_LIMIT_KEYWORDS, ...LOWER_LIMIT_KEYWORDS]) {
    const oldLimit = pair.oldSchema[keyword];
    const newLimit = pair.newSchema[keyword];
    if (typeof oldLimit !== 'number') continue;
    const isUpper = UPPER_LIMIT_KEYWORDS.includes(keyword);
    const dropped = newLimit === undefined;
    const widened = typeof newLimit === 'number' && (isUpper ? newLimit > oldLimit : newLimit < oldLimit);
    if (dropped || widened) pair.note('addition', 'widened-limit', [keyword], `${keyword} ${oldLimit} -> ${newLimit ?? '(none)'}: accepts more`);
  }
}

/** maxLength, maximum...: a new limit, or a lower one. */
function checkUpperLimits(pair) {
  for (const keyword of UPPER_LIMIT_KEYWORDS) {
    const oldLimit = pair.oldSchema[keyword];
    const newLimit = pair.newSchema[keyword];
    const lowered = typeof newLimit === 'number' && (typeof oldLimit !== 'number' || newLimit < oldLimit);
    if (lowered) pair.report('narrowed-limit', [keyword], `${keyword} ${oldLimit ?? '(none)'} -> ${newLimit}`);
  }
}

/** minLength, minimum...: a new limit, or a higher one. */
function checkLowerLimits(pair) {
  for (const keyword of LOWER_LIMIT_KEYWORDS) {
    const oldLimit = pair.oldSchema[keyword];
    const newLimit = pair.newSchema[keyword];
    const raised = typeof newLimit === 'number' && (typeof oldLimit !== 'number' || newLimit > oldLimit);
    if (raised) pair.report('narrowed-limit', [keyword], `${keyword} ${oldLimit ?? '(none)'} -> ${newLimit}`);
  }
}

/** Any new or different pattern (whether one regular expression accepts less than another is not decided). */
function checkPattern(pair) {
  const oldPattern = pair.oldSchema.pattern;
  const newPattern = pair.newSchema.pattern;
  if (newPattern !== undefined && newPattern !== oldPattern) {
    pair.report('narrowed-limit', ['pattern'], `pattern ${oldPattern === undefined ? '(none)' : `/${oldPattern}/`} -> /${newPattern}/`);
  }
}

/** A new multipleOf, unless every multiple of the old one is a multiple of the new one. */
function checkMultipleOf(pair) {
  const oldMultipleOf = pair.oldSchema.multipleOf;
  const newMultipleOf = pair.newSchema.multipleOf;
  const oldMultiplesStillAccepted = typeof oldMultipleOf === 'number' && oldMultipleOf % newMultipleOf === 0;
  if (typeof newMultipleOf === 'number' && !oldMultiplesStillAccepted) {
    pair.report('narrowed-limit', ['multipleOf'], `multipleOf ${oldMultipleOf ?? '(none)'} -> ${newMultipleOf}`);
  }
}

function checkUniqueItems(pair) {
  if (pair.newSchema.uniqueItems === true && pair.oldSchema.uniqueItems !== true) pair.report('narrowed-limit', ['uniqueItems'], 'items must now be unique');
}

/** additionalProperties / unevaluatedProperties set to false: an object closed to properties it does not list. */
function checkUnknownProperties(pair) {
  for (const keyword of UNKNOWN_PROPERTIES_KEYWORDS) {
    if (pair.newSchema[keyword] === false && pair.oldSchema[keyword] !== false) pair.report('narrowed-limit', [keyword], 'no longer accepts unknown properties');
  }
}
