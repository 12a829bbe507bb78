// The registry of verify's checks: each a named unit with a one-line description and the operations it applies to,
// so that `verify --list-checks` prints them, `--checks` / `--exclude-checks` choose among them, and the JUnit report
// lists for each operation only the checks that can speak of it. Names follow Schemathesis' where the meaning is
// the same.
import type { MockOperation } from '../../spec/operation-table.js';
import type { VerifyContract } from '../verify-contract.js';
import { CHECKS, type CheckName } from '../verify-types.js';

export interface CheckDefinition {
  name: CheckName;
  description: string;
  /** whether the check can find anything in this operation's answers */
  appliesTo(contract: VerifyContract, op: MockOperation): boolean;
}

const always = () => true;

export const CHECK_REGISTRY: readonly CheckDefinition[] = [
  { name: 'not_a_server_error', description: 'no answer is a 5xx, and every request gets an answer', appliesTo: always },
  { name: 'status_code_conformance', description: 'every status is documented, and a refusal has the status the request calls for (invalid input, 401)', appliesTo: always },
  { name: 'content_type_conformance', description: "every answer's content type is the documented one", appliesTo: always },
  { name: 'response_schema_conformance', description: 'every body and documented header matches its schema and the error shape', appliesTo: always },
  { name: 'negative_data_rejection', description: 'a request that breaks one request rule is refused', appliesTo: (_contract, op) => hasRequestRules(op) },
  { name: 'positive_data_acceptance', description: 'a request that keeps every rule (and made its unique values unique) is not refused as invalid', appliesTo: always },
  { name: 'ignored_auth', description: 'a request without a token is not answered with success', appliesTo: (_contract, op) => op.secured },
  { name: 'ensure_resource_availability', description: "what one operation answers, the operation its link names finds", appliesTo: (contract, op) => isLinked(contract, op) },
  { name: 'read_back_equal', description: 'a record reads back equal to what was written, along the spec\'s links', appliesTo: (contract, op) => isLinkTarget(contract, op) },
  { name: 'pagination_ends', description: 'a paginated list walks to its end: its own next token accepted, no token or item twice, the total kept', appliesTo: (_contract, op) => op.pagination !== undefined },
  { name: 'use_after_free', description: 'a deleted record answers 404 to a second delete', appliesTo: (_contract, op) => op.method === 'delete' },
];

/** The registry in one line per check, as `verify --list-checks` prints it. */
export function checkListing(): string {
  const width = Math.max(...CHECK_REGISTRY.map((check) => check.name.length));
  return CHECK_REGISTRY.map((check) => `${check.name.padEnd(width)}  ${check.description}`).join('\n');
}

/** The checks a run applies: `only` (default all), minus `excluded`; the names are checked before (option-rules.ts). */
export function chooseChecks(only: readonly string[] | undefined, excluded: readonly string[] | undefined): CheckName[] {
  return CHECKS.filter((name) => (only === undefined || only.includes(name)) && !(excluded ?? []).includes(name));
}

/** The checks of `chosen` that apply to the operation, in registry order. */
export function applicableChecks(contract: VerifyContract, op: MockOperation, chosen: readonly CheckName[]): CheckName[] {
  return CHECK_REGISTRY.filter((check) => chosen.includes(check.name) && check.appliesTo(contract, op)).map((check) => check.name);
}

function hasRequestRules(op: MockOperation): boolean {
  return op.parameters.length > 0 || op.bodySchemaPointer !== undefined;
}

function isLinkTarget(contract: VerifyContract, op: MockOperation): boolean {
  return contract.model.operations.some((source) => source.responses.some((response) => response.links.some((link) => link.operationId === op.operationId)));
}

function isLinked(contract: VerifyContract, op: MockOperation): boolean {
  const isSource = contract.model.operation(op.operationId).responses.some((response) => response.links.length > 0);
  return isSource || isLinkTarget(contract, op);
}
