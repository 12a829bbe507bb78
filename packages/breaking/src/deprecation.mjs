// How a deprecation reads in the changelog: `deprecated: true` and, when the contract gives one, the date
// (`x-sunset`, YYYY-MM-DD) from which the operation, parameter or field may be gone.

/** The sunset date of a deprecated node, when it has one. */
export function sunsetOf(node) {
  const sunset = node?.['x-sunset'];
  return typeof sunset === 'string' ? sunset : undefined;
}

/** "<what> is deprecated", with its sunset date when it has one. */
export function deprecationMessage(what, node) {
  const sunset = sunsetOf(node);
  return `${what} is deprecated${sunset ? `; it may be removed from ${sunset}` : ''}`;
}
