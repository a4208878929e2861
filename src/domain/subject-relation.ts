/**
 * Subject relations (科目对照, spec 01 §7 /subject/relation): which subject of another ledger set's
 * account year stands for a subject of this one, so a voucher can be synchronised there
 * (docs/decisions/024-synchronised-copy.md). Pure rules, shared by the server (saves and the
 * synchronised copy) and the mapping screen:
 * - both subjects are enabled leaves (a voucher line can only name such a subject);
 * - the target takes no auxiliary type the source lacks: the copied line could not be completed
 *   (it would be "required items not filled" in the target's books);
 * - a type the source carries and the target does not take loses its value in the copy, which an
 *   accountant must accept knowingly: it has to be named in `dropAuxTypeIds`;
 * - "map by code" proposes the enabled leaf of the target year with the same code.
 */

export interface MappableSubject {
  id: number;
  code: string;
  name: string;
  leaf: boolean;
  disabled: boolean;
  auxTypeIds: readonly number[];
}

export type SubjectRelationProblem =
  | { code: 'SUBJECT_RELATION_SUBJECT_UNUSABLE'; subject: MappableSubject }
  | { code: 'SUBJECT_RELATION_AUX_MISSING'; auxTypeIds: number[] }
  | { code: 'SUBJECT_RELATION_AUX_DROPPED'; auxTypeIds: number[] };

const sorted = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

/** Types the source carries that the target does not take: their values are lost in a copy. */
export function droppedAuxTypes(source: Pick<MappableSubject, 'auxTypeIds'>, target: Pick<MappableSubject, 'auxTypeIds'>): number[] {
  return sorted(source.auxTypeIds.filter((t) => !target.auxTypeIds.includes(t)));
}

/** Types the target requires that the source does not carry: a copy could not fill them. */
export function missingAuxTypes(source: Pick<MappableSubject, 'auxTypeIds'>, target: Pick<MappableSubject, 'auxTypeIds'>): number[] {
  return sorted(target.auxTypeIds.filter((t) => !source.auxTypeIds.includes(t)));
}

/** Types both take: their values travel with the copy. */
export function carriedAuxTypes(source: Pick<MappableSubject, 'auxTypeIds'>, target: Pick<MappableSubject, 'auxTypeIds'>): number[] {
  return sorted(source.auxTypeIds.filter((t) => target.auxTypeIds.includes(t)));
}

/** Why source → target (dropping `dropAuxTypeIds`) is not a valid relation, or null when it is. */
export function subjectRelationProblem(source: MappableSubject, target: MappableSubject, dropAuxTypeIds: readonly number[]): SubjectRelationProblem | null {
  for (const s of [source, target]) if (!s.leaf || s.disabled) return { code: 'SUBJECT_RELATION_SUBJECT_UNUSABLE', subject: s };
  const missing = missingAuxTypes(source, target);
  if (missing.length) return { code: 'SUBJECT_RELATION_AUX_MISSING', auxTypeIds: missing };
  const notAccepted = droppedAuxTypes(source, target).filter((t) => !dropAuxTypeIds.includes(t));
  if (notAccepted.length) return { code: 'SUBJECT_RELATION_AUX_DROPPED', auxTypeIds: notAccepted };
  return null;
}

export type ByCodeSkip = 'noSameCode' | 'targetUnusable' | 'auxMissing';

/**
 * "Map by code": for every enabled source leaf without a relation, the enabled target leaf of the
 * same code (its dropped types named, so the proposal is explicit); what cannot be proposed says why.
 */
export function proposeByCode(sources: readonly MappableSubject[], targets: readonly MappableSubject[], mappedSourceIds: ReadonlySet<number>) {
  const byCode = new Map(targets.map((t) => [t.code, t]));
  const proposals: Array<{ source: MappableSubject; target: MappableSubject; dropAuxTypeIds: number[] }> = [];
  const skipped: Array<{ source: MappableSubject; reason: ByCodeSkip }> = [];
  for (const source of sources) {
    if (!source.leaf || source.disabled || mappedSourceIds.has(source.id)) continue;
    const target = byCode.get(source.code);
    if (!target) skipped.push({ source, reason: 'noSameCode' });
    else if (!target.leaf || target.disabled) skipped.push({ source, reason: 'targetUnusable' });
    else if (missingAuxTypes(source, target).length) skipped.push({ source, reason: 'auxMissing' });
    else proposals.push({ source, target, dropAuxTypeIds: droppedAuxTypes(source, target) });
  }
  return { proposals, skipped };
}
