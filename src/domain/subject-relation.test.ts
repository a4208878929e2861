import { describe, expect, it } from 'vitest';
import { carriedAuxTypes, droppedAuxTypes, missingAuxTypes, proposeByCode, subjectRelationProblem, type MappableSubject } from './subject-relation';

const s = (id: number, code: string, auxTypeIds: number[] = [], o: Partial<MappableSubject> = {}): MappableSubject => ({ id, code, name: `S${code}`, leaf: true, disabled: false, auxTypeIds, ...o });

describe('subject relation rules', () => {
  it('splits auxiliary types into carried, dropped and missing', () => {
    expect(carriedAuxTypes(s(1, '1122', [3, 1]), s(2, '1122', [3]))).toEqual([3]);
    expect(droppedAuxTypes(s(1, '1122', [3, 1]), s(2, '1122', [3]))).toEqual([1]);
    expect(missingAuxTypes(s(1, '1122', [3]), s(2, '1122', [3, 5]))).toEqual([5]);
  });

  it('accepts compatible leaves, refuses parents, disabled subjects, missing and unconfirmed dropped types', () => {
    expect(subjectRelationProblem(s(1, '1001'), s(2, '1001'), [])).toBeNull();
    expect(subjectRelationProblem(s(1, '1001', [], { leaf: false }), s(2, '1001'), [])).toMatchObject({ code: 'SUBJECT_RELATION_SUBJECT_UNUSABLE', subject: { id: 1 } });
    expect(subjectRelationProblem(s(1, '1001'), s(2, '1001', [], { disabled: true }), [])).toMatchObject({ code: 'SUBJECT_RELATION_SUBJECT_UNUSABLE', subject: { id: 2 } });
    expect(subjectRelationProblem(s(1, '1122', [3]), s(2, '1122', [3, 1]), [])).toEqual({ code: 'SUBJECT_RELATION_AUX_MISSING', auxTypeIds: [1] });
    expect(subjectRelationProblem(s(1, '5602', [1]), s(2, '5602'), [])).toEqual({ code: 'SUBJECT_RELATION_AUX_DROPPED', auxTypeIds: [1] });
    expect(subjectRelationProblem(s(1, '5602', [1]), s(2, '5602'), [1])).toBeNull();
  });

  it('proposes same-code leaves for unmapped sources, naming what it drops and why it skips', () => {
    const sources = [s(1, '1001'), s(2, '1122', [3]), s(3, '5602', [1]), s(4, '6001'), s(5, '2221', [], { leaf: false }), s(6, '1002'), s(7, '2211', [], { disabled: true }), s(8, '5001')];
    const targets = [s(11, '1001'), s(12, '1122', [3, 5]), s(13, '5602'), s(16, '1002'), s(18, '5001', [], { disabled: true })];
    const r = proposeByCode(sources, targets, new Set([6]));
    expect(r.proposals.map((p) => [p.source.id, p.target.id, p.dropAuxTypeIds])).toEqual([[1, 11, []], [3, 13, [1]]]);
    expect(r.skipped.map((x) => [x.source.id, x.reason])).toEqual([[2, 'auxMissing'], [4, 'noSameCode'], [8, 'targetUnusable']]);
  });
});
