// What every consumer of the contract asks of an operation, in one flat record: the client's operation table, the
// docs' pages and samples, the bench, and the mock's table read it here instead of each picking fields of the
// model's operation in its own way. What a record leaves out (parameters, bodies, responses) is on `operation`.
import { answerableStatuses } from './status.js';
import type { AddressSpace, ErrorShape, JsonObject, Pagination, SpecModel, SpecOperation } from './types.js';

export interface OperationSummary {
  operationId: string;
  method: SpecOperation['method'];
  /** Path template as written: `/teams/{id}`. */
  path: string;
  /** `gateway` or `controlPlane`, from the servers the operation is sent to. */
  addressSpace: AddressSpace;
  /** The servers the operation is sent to: its own, else its path item's, else the document's. */
  servers: JsonObject[];
  /** Whether it requires a credential. */
  secured: boolean;
  /** Whether it deletes, ends or replaces what cannot be had back (`x-destructive`, else a DELETE). */
  destructive: boolean;
  /** `x-idempotent`: whether a client may retry it. */
  idempotent: boolean;
  /** `x-error-shape`: which error body it answers with. */
  errorShape: ErrorShape;
  /** The status of its answer to invalid input (400 or 422). */
  invalidInputStatus: 400 | 422;
  /** `x-pagination`; undefined when it does not page. */
  pagination: Pagination | undefined;
  /** The exact error statuses (not 2xx) it can answer, its own and the secured operations' (401), ascending. */
  errorStatuses: number[];
  /** Its first exact 2xx status, if any. */
  successStatus: number | undefined;
  tags: string[];
  /** As written (untrimmed), or undefined. */
  summary: string | undefined;
  deprecated: boolean;
  /** `x-sunset` (YYYY-MM-DD), if any. */
  sunset: string | undefined;
  /** The model's operation, for what the summary leaves out. */
  operation: SpecOperation;
}

/** `document`: as the document lists them; `operationId`: by operationId in code-unit order (stable in any locale). */
export type SummaryOrder = 'document' | 'operationId';

/** Every operation of the model as an `OperationSummary`, in the order asked for (default: the document's). */
export function operationSummaries(model: Pick<SpecModel, 'operations'>, order: SummaryOrder = 'document'): OperationSummary[] {
  const summaries = model.operations.map(summaryOf);
  if (order === 'operationId') summaries.sort(byOperationId);
  return summaries;
}

function summaryOf(operation: SpecOperation): OperationSummary {
  return {
    operationId: operation.operationId,
    method: operation.method,
    path: operation.path,
    addressSpace: operation.addressSpace,
    servers: operation.servers,
    secured: operation.secured,
    destructive: operation.destructive,
    idempotent: operation.idempotent,
    errorShape: operation.errorShape,
    invalidInputStatus: operation.invalidInputStatus,
    pagination: operation.pagination,
    errorStatuses: errorStatusesOf(operation),
    successStatus: operation.successStatus,
    tags: operation.tags,
    summary: operation.summary,
    deprecated: operation.deprecated,
    sunset: operation.sunset,
    operation,
  };
}

/** The exact statuses outside 2xx among those it can answer (a range such as `4XX` or `default` is not one). */
function errorStatusesOf(operation: SpecOperation): number[] {
  const isExactError = (status: string) => /^[1-9]\d\d$/.test(status) && !status.startsWith('2');
  return answerableStatuses(operation).filter(isExactError).map(Number).sort((a, b) => a - b);
}

function byOperationId(a: OperationSummary, b: OperationSummary): number {
  if (a.operationId < b.operationId) return -1;
  if (a.operationId > b.operationId) return 1;
  return 0;
}
