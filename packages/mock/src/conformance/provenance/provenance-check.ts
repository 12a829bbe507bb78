// Does the traffic agree with what the spec filled in? Elements marked `x-provenance: service | assumption` are
// facts read from the running service or choices made where the API's description is silent. Each exchange the
// proxy forwards that exercises such an element either agrees (no finding there) or contradicts it (a finding at
// or under it), and this module counts both per element. Pure: no Node built-ins, no I/O.
import { readProvenance, responseFor, type OpenApiDocument, type SpecModel } from '@vendor/spec-model';
import type { ContractTables } from '../../contract/contract.js';
import type { CheckedExchange, Direction, Finding, SeenBody } from '../checking/checked-exchange.js';
import type { MockOperation } from '../../spec/operation-table.js';
import { isAtOrUnder, namesParameter, parseFindingPath, valuesAt } from './provenance-paths.js';
import { markedDocument, planOperation, type ElementKind, type MarkedElement, type OperationPlan, type Provenance, type ProvenanceMarker } from './provenance-plan.js';

export type { ElementKind, Provenance, ProvenanceMarker } from './provenance-plan.js';

export type Verdict = 'confirmed' | 'contradicted';

/** One marked element that traffic exercised, and what the traffic said of it. */
export interface ProvenanceEntry {
  /** JSON pointer of the marked element in the document, e.g. #/components/schemas/JobRunStatus */
  pointer: string;
  provenance: Provenance;
  note?: string;
  element: ElementKind;
  operationId: string;
  /** request: a parameter or the request body; response: the response or its body */
  direction: Direction;
  /** for a response's element: the documented status it belongs to (`200`, `4XX`, `default`) */
  status?: string;
  /** the instance path (`body.data[].status`, `query.limit`) or, for a status element, the status */
  at: string;
  /** contradicted as soon as one exchange contradicted it */
  verdict: Verdict;
  /** exchanges that exercised the element */
  seen: number;
  /** of those, the exchanges with a finding at or under it */
  contradictions: number;
  /** the rule most of those findings broke */
  rule?: string;
  /** a request-side element: the exchanges whose request broke it and that the upstream refused (they confirm it) */
  refused?: number;
}

export interface ProvenanceCheck {
  /** false for a document without markers (the published bundle strips them) */
  readonly hasMarkers: boolean;
  /** every marker of the document, in document order */
  readonly markers: readonly ProvenanceMarker[];
  /** markers no traffic can exercise here: on an operation, a response header, a schema no operation's body reaches */
  readonly uncheckable: readonly ProvenanceMarker[];
  add(exchange: CheckedExchange): void;
  /** exercised elements: operations in spec order, each operation's elements in document order */
  entries(): ProvenanceEntry[];
}

/** What the exchanges said of one element so far. */
interface Tally {
  seen: number;
  contradictions: number;
  refused: number;
  rules: Map<string, number>;
}

/** The model and the operation table come from the contract (contract/), read once per start: never built here. */
export function createProvenanceCheck(contract: ContractTables): ProvenanceCheck {
  const { doc, model, operations } = contract;
  const { markers } = readProvenance(doc);
  const hasMarkers = markers.length > 0;
  // Without markers nothing is planned: the proxy then pays nothing per exchange for this check.
  const plans = hasMarkers ? planOperations(model, markers, operations) : [];
  const plansById = new Map(plans.map((plan) => [plan.operation.operationId, plan]));
  const tallies = new Map<MarkedElement, Tally>();

  const judge = (element: MarkedElement, exchange: CheckedExchange) => {
    const judgement = element.direction === 'request' ? judgeRequestElement(element, exchange) : judgeElement(element, exchange);
    if (judgement === undefined) return;
    const { contradicting } = judgement;
    const tally = tallyOf(tallies, element);
    tally.seen += 1;
    if (judgement.refusedBreak) tally.refused += 1;
    if (contradicting.length === 0) return;
    tally.contradictions += 1;
    for (const finding of contradicting) tally.rules.set(finding.rule, (tally.rules.get(finding.rule) ?? 0) + 1);
  };

  return {
    hasMarkers,
    markers,
    uncheckable: uncheckableMarkers(markers, plans),
    add(exchange) {
      const plan = exchange.operation === undefined ? undefined : plansById.get(exchange.operation.operationId);
      if (plan === undefined) return;
      for (const element of plan.request) judge(element, exchange);
      if (!upstreamAnswered(exchange)) return;
      // Undocumented status: no marked response speaks of it.
      const documented = responseFor(plan.operation, exchange.status);
      if (documented === undefined) return;
      for (const element of plan.responses.get(documented.status) ?? []) judge(element, exchange);
    },
    entries() {
      const entries: ProvenanceEntry[] = [];
      for (const element of plannedElements(plans)) {
        const tally = tallies.get(element);
        if (tally !== undefined) entries.push(entryOf(element, tally));
      }
      return entries;
    },
  };
}

/** A plan for each of the proxy's operations, from the spec model of the document they were read from. */
function planOperations(model: SpecModel, markers: readonly ProvenanceMarker[], operations: readonly MockOperation[]): OperationPlan[] {
  const marked = markedDocument(model.document, markers);
  return operations.map((operation) => planOperation(marked, model.operation(operation.operationId)));
}

function tallyOf(tallies: Map<MarkedElement, Tally>, element: MarkedElement): Tally {
  let tally = tallies.get(element);
  if (tally === undefined) {
    tally = { seen: 0, contradictions: 0, refused: 0, rules: new Map() };
    tallies.set(element, tally);
  }
  return tally;
}

function plannedElements(plans: readonly OperationPlan[]): MarkedElement[] {
  return plans.flatMap((plan) => [...plan.request, ...[...plan.responses.values()].flat()]);
}

function uncheckableMarkers(markers: readonly ProvenanceMarker[], plans: readonly OperationPlan[]): ProvenanceMarker[] {
  const planned = new Set(plannedElements(plans).map((element) => element.pointer));
  return markers.filter((marker) => !planned.has(marker.pointer));
}

/** Reasons the proxy answers itself although the upstream did answer (what it answered is in `status`). */
const UPSTREAM_ANSWERED_REASONS: ReadonlySet<string> = new Set(['invalid-response', 'broken-answer']);

/**
 * Whether `status` and the response are the upstream's. They are not when the proxy answered without it (an
 * unreachable upstream, a refused or too-large request): such a status says nothing of the service.
 */
function upstreamAnswered(exchange: CheckedExchange): boolean {
  if (exchange.proxyAnswer === undefined) return true;
  return UPSTREAM_ANSWERED_REASONS.has(exchange.proxyAnswer.reason);
}

/** What one exchange says of an element: the findings that contradict it (none: it agrees). */
interface Judgement {
  contradicting: Finding[];
  /** the request broke the element's rule and the upstream refused it: the service enforces the rule */
  refusedBreak?: boolean;
}

/** A response-side element. Undefined: the exchange did not exercise it. */
function judgeElement(element: MarkedElement, exchange: CheckedExchange): Judgement | undefined {
  const findings = exchange.findings.filter((finding) => finding.direction === element.direction);
  if (element.place === 'status') return { contradicting: findings };
  const contradicting = findings.filter((finding) => isFindingAt(element, finding));
  if (isExercised(element, exchange, contradicting)) return { contradicting };
  return undefined;
}

/**
 * A request-side element speaks of what the service accepts, so the upstream's answer decides. A request that
 * breaks the rule confirms it when the upstream refuses it, and contradicts it when the upstream accepts it. A
 * request that keeps the rule agrees when accepted, and contradicts it when the upstream refuses it as invalid
 * although it broke no rule of the spec, naming the element. Anything else (no answer from the upstream, a 5xx, an
 * authentication refusal, a refusal naming something else) says nothing of the rule.
 */
function judgeRequestElement(element: MarkedElement, exchange: CheckedExchange): Judgement | undefined {
  if (!upstreamAnswered(exchange)) return undefined;
  const answer = upstreamVerdictOf(exchange.status);
  const requestFindings = exchange.findings.filter((finding) => finding.direction === 'request');
  const breaking = requestFindings.filter((finding) => isFindingAt(element, finding));
  const breaksRule = breaking.length > 0;
  if (breaksRule) {
    if (answer === 'refused') return { contradicting: [], refusedBreak: true };
    if (answer === 'accepted') return { contradicting: breaking };
    return undefined;
  }
  if (!isExercised(element, exchange, breaking)) return undefined;
  if (answer === 'accepted') return { contradicting: [] };
  const refusedAsInvalid = INVALID_INPUT_STATUSES.has(exchange.status) && requestFindings.length === 0;
  if (refusedAsInvalid && refusalNames(exchange, element)) return { contradicting: [refusalFinding(element, exchange.status)] };
  return undefined;
}

type UpstreamVerdict = 'accepted' | 'refused' | 'neither';

/** Refusals that speak of the caller or the load, not of the request's content. */
const NOT_ABOUT_THE_REQUEST: ReadonlySet<number> = new Set([401, 403, 407, 408, 429]);

/** The statuses a service answers invalid input with. */
const INVALID_INPUT_STATUSES: ReadonlySet<number> = new Set([400, 422]);

function upstreamVerdictOf(status: number): UpstreamVerdict {
  if (status >= 200 && status <= 299) return 'accepted';
  const isRefusal = status >= 400 && status <= 499 && !NOT_ABOUT_THE_REQUEST.has(status);
  if (isRefusal) return 'refused';
  return 'neither';
}

/** Names this short (`id`) appear in many messages: only their qualified form (`path.id`) names the element. */
const MIN_BARE_NAME_LENGTH = 4;

/**
 * Whether the upstream's refusal names the element, as a whole word: its parameter or the last property of its body
 * path (`x-vendor-provider-name`, `limit`), or for a short name its place too (`path.id`).
 */
function refusalNames(exchange: CheckedExchange, element: MarkedElement): boolean {
  const name = lastPropertyName(element);
  if (name === undefined) return false;
  const body = exchange.responseBody;
  if (body.kind !== 'json') return false;
  const named = name.length >= MIN_BARE_NAME_LENGTH ? name : `${element.place}.${name}`;
  const escaped = named.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\w-])${escaped}($|[^\\w-])`, 'i').test(JSON.stringify(body.value));
}

function lastPropertyName(element: MarkedElement): string | undefined {
  for (let i = element.segments.length - 1; i >= 0; i -= 1) {
    const segment = element.segments[i];
    if (segment?.kind === 'property') return segment.name;
  }
  return undefined;
}

/** What a refusal of a request that kept every rule says: the service has a rule the spec does not. */
function refusalFinding(element: MarkedElement, status: number): Finding {
  return {
    operationId: element.operationId,
    direction: 'request',
    path: element.at,
    rule: 'refused-valid-request',
    message: `the upstream refused with ${status} a request that broke no rule of the spec, naming ${element.at}`,
  };
}

/** A status element is the whole response, so every response finding speaks of it; others by their place. */
function isFindingAt(element: MarkedElement, finding: Finding): boolean {
  const place = parseFindingPath(finding.path);
  if (place.place !== element.place) return false;
  if (element.place === 'body') return isAtOrUnder(place.segments, element.segments);
  const name = element.segments[0]?.kind === 'property' ? element.segments[0].name : '';
  return namesParameter(place.rest, name);
}

function isExercised(element: MarkedElement, exchange: CheckedExchange, findingsThere: readonly Finding[]): boolean {
  if (element.place === 'body') return isBodyElementExercised(element, bodyOf(exchange, element.direction), findingsThere);
  if (findingsThere.length > 0) return true;
  return isParameterPresent(element, exchange);
}

function bodyOf(exchange: CheckedExchange, direction: Direction): SeenBody {
  if (direction === 'request') return exchange.requestBody;
  return exchange.responseBody;
}

/**
 * A field is exercised when the body holds it (any value, null too) or a finding names it (a missing required
 * field shows only so); an enumeration when a value other than null was there; a nullability when null was.
 */
function isBodyElementExercised(element: MarkedElement, body: SeenBody, findingsThere: readonly Finding[]): boolean {
  const values = body.kind === 'json' ? valuesAt(body.value, element.segments) : [];
  if (element.element === 'enum') return values.some((value) => value !== null);
  if (element.element === 'nullability') return values.includes(null);
  if (values.length > 0) return true;
  return findingsThere.length > 0;
}

/** A path parameter is there whenever its operation matched; query and header parameters when the request sent them. */
function isParameterPresent(element: MarkedElement, exchange: CheckedExchange): boolean {
  const first = element.segments[0];
  const name = first?.kind === 'property' ? first.name : '';
  if (element.place === 'path') return true;
  if (element.place === 'query') return exchange.query.has(name);
  return Object.entries(exchange.requestHeaders).some(([header, value]) => header.toLowerCase() === name && value !== undefined);
}

function entryOf(element: MarkedElement, tally: Tally): ProvenanceEntry {
  const entry: ProvenanceEntry = {
    pointer: element.pointer,
    provenance: element.provenance,
    element: element.element,
    operationId: element.operationId,
    direction: element.direction,
    at: element.at,
    verdict: tally.contradictions > 0 ? 'contradicted' : 'confirmed',
    seen: tally.seen,
    contradictions: tally.contradictions,
  };
  if (element.note !== undefined) entry.note = element.note;
  if (element.status !== undefined) entry.status = element.status;
  const rule = mostFrequentRule(tally.rules);
  if (rule !== undefined) entry.rule = rule;
  if (tally.refused > 0) entry.refused = tally.refused;
  return entry;
}

/** Ties go to the alphabetically first rule, so that the report does not depend on arrival order. */
function mostFrequentRule(rules: ReadonlyMap<string, number>): string | undefined {
  let best: [string, number] | undefined;
  for (const [rule, count] of rules) {
    if (best === undefined || count > best[1] || (count === best[1] && rule < best[0])) best = [rule, count];
  }
  return best?.[0];
}
