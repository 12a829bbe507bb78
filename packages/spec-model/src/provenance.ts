// `x-provenance` markers (docs/ARCHITECTURE.md, "Provenance is data"): where the spec fills a gap of the API's own
// description, and how. Read here once for the provenance report (scripts/provenance.mjs) and the validation
// proxy's check of the markers against traffic, so that both speak of the same markers at the same pointers.
import { childPointer, DOCUMENT_POINTER } from './pointer.js';
import type { JsonObject } from './types.js';

/** `service`: read from the running service or its SDKs; `assumption`: our choice where nothing else decides. */
export const PROVENANCE_KINDS = ['service', 'assumption'] as const;
export type Provenance = (typeof PROVENANCE_KINDS)[number];

/** One valid marker: the object that carries it, its kind, and its `x-provenance-note` when it has a text one. */
export interface ProvenanceMarker {
  pointer: string;
  provenance: Provenance;
  note?: string;
}

/** A marker or note that breaks the rule, with the pointer of the object that carries it. */
export interface ProvenanceProblem {
  pointer: string;
  /** what is wrong, e.g. `x-provenance is "seed"; it must be one of service, assumption` */
  message: string;
}

export interface ProvenanceReading {
  /** every valid marker, in document order */
  markers: ProvenanceMarker[];
  /** a mark of another kind, a note without a mark, a note that is not a non-empty string */
  problems: ProvenanceProblem[];
}

/** Every `x-provenance` marker of a document (any object, not only operations and schemas), and every misuse. */
export function readProvenance(document: unknown): ProvenanceReading {
  const reading: ProvenanceReading = { markers: [], problems: [] };
  const visit = (node: unknown, pointer: string) => {
    if (node === null || typeof node !== 'object') return;
    if (!Array.isArray(node)) readMarks(node as JsonObject, pointer, reading);
    for (const [key, child] of Object.entries(node)) visit(child, childPointer(pointer, key));
  };
  visit(document, DOCUMENT_POINTER);
  return reading;
}

function readMarks(node: JsonObject, pointer: string, into: ProvenanceReading): void {
  const hasMark = 'x-provenance' in node;
  const hasNote = 'x-provenance-note' in node;
  const kind = node['x-provenance'];
  const note = node['x-provenance-note'];
  const isKind = PROVENANCE_KINDS.includes(kind);
  if (hasMark && isKind) into.markers.push(markerOf(pointer, kind, note));
  if (hasMark && !isKind) {
    into.problems.push({ pointer, message: `x-provenance is ${JSON.stringify(kind)}; it must be one of ${PROVENANCE_KINDS.join(', ')}` });
  }
  if (hasNote && !hasMark) {
    into.problems.push({ pointer, message: 'x-provenance-note without x-provenance; mark the element service or assumption, or drop the note' });
  }
  const isEmptyNote = hasNote && (typeof note !== 'string' || note.trim() === '');
  if (isEmptyNote) into.problems.push({ pointer, message: 'x-provenance-note must be a non-empty string' });
}

function markerOf(pointer: string, provenance: Provenance, note: unknown): ProvenanceMarker {
  const marker: ProvenanceMarker = { pointer, provenance };
  if (typeof note === 'string') marker.note = note;
  return marker;
}
