// Records the seed adds by cloning examples, so there is data to page through: one turn chain of at least
// MIN_TURNS turns covering each turn state, and at least MIN_SKILL_VERSIONS agent skill versions across at
// least MIN_SKILLS skills. Clones get derived ids: the same on every instance and after every restart.
import { derivedId } from '../record-ids.js';
import { versionOf } from '../record-kinds.js';
import type { Body } from '../store/record-store.js';

export const MIN_TURNS = 5;
export const MIN_SKILL_VERSIONS = 30;
export const MIN_SKILLS = 2;

/** Example records by kind, then by id: what the seed collects before it places them. */
export type RecordsByKind = Map<string, Map<string, Body>>;

const statusOf = (turn: Body) => String((turn.state as any)?.status ?? '');
const shiftIso = (iso: unknown, seconds: number) => new Date(Date.parse(String(iso)) + seconds * 1000).toISOString();

/**
 * The first example turn's session gets one chain of at least MIN_TURNS turns, newest first along
 * previous_turn_id: the example turns where they link up, clones (of a turn in a state not yet covered)
 * where a previous_turn_id names a turn no example shows, and more clones until every state is covered.
 * The oldest turn has no previous_turn_id.
 */
export function extendTurnChain(collected: RecordsByKind): string | undefined {
  const turns = collected.get('turn');
  if (!turns || turns.size === 0) return undefined;
  const all = [...turns.values()];
  const sessionId = String(all[0]!.session_id);
  const templates = new Map<string, Body>();
  for (const turn of all) if (!templates.has(statusOf(turn))) templates.set(statusOf(turn), turn);
  const wanted = new Set(templates.keys());

  const inSession = all.filter((t) => t.session_id === sessionId);
  const referenced = new Set(inSession.map((t) => t.previous_turn_id));
  const head = inSession.filter((t) => !referenced.has(t.id)).sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)))[0] ?? inSession[0]!;

  const chain = new Set<string>();
  let current = head;
  let clones = 0;
  for (let step = 0; step < 1000; step++) {
    chain.add(String(current.id));
    wanted.delete(statusOf(current));
    let previousId = typeof current.previous_turn_id === 'string' ? current.previous_turn_id : undefined;
    if (previousId === undefined) {
      const enough = chain.size >= MIN_TURNS && wanted.size === 0;
      if (enough) break;
      previousId = derivedId(String(head.id), ++clones);
      current.previous_turn_id = previousId;
    }
    let previous = turns.get(previousId);
    if (previous && chain.has(previousId)) throw new Error(`the turn examples form a cycle at ${previousId}`);
    if (!previous || previous.session_id !== sessionId) {
      previous = cloneTurn(templateFor(templates, wanted), previousId, sessionId, current);
      turns.set(previousId, previous);
    }
    current = previous;
  }
  return sessionId;
}

/** A state still missing from the chain; `running` only for the newest turn, so older clones are finished turns. */
function templateFor(templates: Map<string, Body>, wanted: Set<string>): Body {
  const missing = [...wanted].find((status) => status !== 'running') ?? [...wanted][0];
  if (missing !== undefined) return templates.get(missing)!;
  return templates.get('done') ?? [...templates.values()].find((t) => statusOf(t) !== 'running') ?? [...templates.values()][0]!;
}

function cloneTurn(template: Body, id: string, sessionId: string, newer: Body): Body {
  const turn = structuredClone(template);
  turn.id = id;
  turn.session_id = sessionId;
  delete turn.previous_turn_id;
  // A chain speaks one wire form: a clone takes the newer turn's (who started it, or first_turn_id and updated_at).
  const subject = newer.created_by_subject;
  if (subject !== undefined) {
    turn.created_by_subject = structuredClone(subject);
    delete turn.first_turn_id;
    delete turn.updated_at;
  } else {
    delete turn.created_by_subject;
  }
  turn.created_at = shiftIso(newer.created_at, -120);
  const state = turn.state as Record<string, any> | undefined;
  if (state && typeof state.completed_at === 'string') state.completed_at = shiftIso(turn.created_at, 30);
  return turn;
}

/** At least MIN_SKILLS skills (clones of the first, with a new id and name) and MIN_SKILL_VERSIONS versions across them. */
export function extendSkillVersions(collected: RecordsByKind): void {
  const skills = collected.get('agent-skill');
  const versions = collected.get('agent-skill-version');
  if (!skills || skills.size === 0 || !versions || versions.size === 0) return;
  const first = [...skills.values()][0]!;
  for (let n = 1; skills.size < MIN_SKILLS; n++) {
    const clone = structuredClone(first);
    clone.id = derivedId(String(first.id), n);
    clone.name = `${first.name}-${n + 1}`;
    if (typeof first.fqn === 'string') clone.fqn = first.fqn.replace(new RegExp(`${String(first.name)}$`), String(clone.name));
    skills.set(String(clone.id), clone);
  }
  const perSkill = Math.ceil(MIN_SKILL_VERSIONS / skills.size);
  const anyVersion = [...versions.values()][0]!;
  let clones = 0;
  for (const skill of skills.values()) {
    const own = [...versions.values()].filter((v) => v.agent_skill_id === skill.id);
    const template = own.sort((a, b) => versionOf(b) - versionOf(a))[0] ?? anyVersion;
    const taken = new Set(own.map(versionOf));
    const count = Math.max(perSkill, ...taken);
    for (let version = 1; version <= count; version++) {
      if (taken.has(version)) continue;
      const clone = structuredClone(template);
      clone.id = derivedId(String(template.id), ++clones);
      clone.agent_skill_id = skill.id!;
      if (typeof skill.ml_repo_id === 'string') clone.ml_repo_id = skill.ml_repo_id;
      clone.fqn = `${skill.fqn}:${version}`;
      const manifest = (clone.manifest ?? {}) as Record<string, any>;
      manifest.version = version;
      manifest.name = skill.name;
      clone.manifest = manifest;
      // Older versions are older: one day apart, counting back from the template's time.
      clone.created_at = shiftIso(template.created_at, (version - versionOf(template)) * 86_400);
      clone.updated_at = clone.created_at;
      versions.set(String(clone.id), clone);
    }
  }
}
