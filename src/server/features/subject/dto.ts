/** Subject rows → contract DTOs (the one place they are mapped). */
import type { SubjectDto } from '../../../contract/subject';
import type { subjectCodeRules, subjects } from '../../db/schema';

export type SubjectRow = typeof subjects.$inferSelect;
export type SubjectInsert = typeof subjects.$inferInsert;
export type CodeRuleRow = typeof subjectCodeRules.$inferSelect;

export const subjectDto = (s: SubjectRow): SubjectDto => ({
  id: s.id, accountYearId: s.accountYearId, parentId: s.parentId, code: s.code, name: s.name, nameEn: s.nameEn, abbr: s.abbr,
  kind: s.kind as SubjectDto['kind'], direction: s.direction, level: s.level, leaf: s.leaf, disabled: s.disabled, beCash: s.beCash,
  auxTypeIds: s.auxTypeIds, version: s.version,
});
