/**
 * The subject workbook (spec 02 §2.1, §5): one subject per row, code first. New codes are created
 * and existing ones updated through the subject service (code rule, duplicates, parents), parents
 * before children. Kind and level are derived (exported only); a child's direction follows its
 * parent, so only a level-1 row's direction is applied.
 */
import { subjectCreateBody, subjectUpdateBody } from '../../../../contract/subject';
import { halfWidth } from '../../../../domain/half-width';
import { auxTypes } from '../../../../domain/enums';
import { DomainError } from '../../../../domain/result-codes';
import { companyScope } from '../../../db/tx';
import type { SubjectRow } from '../../subject/dto';
import { selectSubjects, type SubjectFilter } from '../../subject/queries';
import * as subjects from '../../subject/service';
import type { Parsed, SheetDef } from '../sheet';
import { digits, flag, keyed, listPaging } from './cells';

const auxName = new Map<number, string>(auxTypes.map((a) => [a.id, a.type]));
/** A type by its code (DEPARTMENT), or its name as the screens show it (部门, 职员 or 员工, Department…). */
const auxIdOf = new Map<string, number>(auxTypes.flatMap((a) => [[a.type, a.id], [a.nameZh, a.id], [a.nameEn.toUpperCase(), a.id]] as Array<[string, number]>).concat([['员工', 2], ['案件', 5]]));

/** Direction words of the sheet and the form: BORROWER/借/Debit → true, LENDER/贷/Credit → false. */
export function parseDirection(text: string): boolean | undefined | 'invalid' {
  const t = text.trim().toUpperCase();
  if (!t) return undefined;
  if (['BORROWER', '借', 'DEBIT'].includes(t)) return true;
  if (['LENDER', '贷', 'CREDIT'].includes(t)) return false;
  return 'invalid';
}

/** Auxiliary types by name (DEPARTMENT,EMPLOYEE) or id (1,2), separated by commas or 、. */
export function parseAuxTypes(text: string): number[] | 'invalid' {
  const parts = halfWidth(text).split(/[,，、;\s]+/).map((p) => p.trim().toUpperCase()).filter(Boolean);
  const ids: number[] = [];
  for (const p of parts) {
    const id = /^\d+$/.test(p) ? Number(p) : auxIdOf.get(p);
    if (id === undefined || !auxName.has(id)) return 'invalid';
    ids.push(id);
  }
  return ids;
}

const direction = (text: string): Parsed => {
  const d = parseDirection(text);
  return d === 'invalid' ? { error: 'oneOf', params: { values: 'BORROWER / LENDER / 借 / 贷' } } : d === undefined ? { skip: true } : { value: d };
};
const auxes = (text: string): Parsed => {
  const a = parseAuxTypes(text);
  return a === 'invalid' ? { error: 'oneOf', params: { values: auxTypes.map((t) => `${t.type} (${t.nameZh})`).join(' / ') } } : { value: a };
};
/** The type codes of SUBJECT_AUX_VALUES_REQUIRED's appendix (the newly added types), as the sheet writes them. */
const addedTypes = (appendix: unknown): string =>
  ((appendix as { auxTypeIds?: number[] } | undefined)?.auxTypeIds ?? []).map((id) => auxName.get(id) ?? String(id)).join(', ');
const text = (t: string): Parsed => ({ value: t === '' ? null : t });

const page = (db: Parameters<typeof companyScope>[0], companyId: number, filter: SubjectFilter, offset: number, limit: number) =>
  selectSubjects(companyScope(db, companyId), listPaging(filter, offset, limit)).then(({ rows, total }) => ({ content: rows, total }));

export const subjectSheet: SheetDef<SubjectRow, null, SubjectFilter> = {
  kind: 'SUBJECT',
  name: { zh: '科目', en: 'Subjects', file: 'subjects' },
  keyField: 'code',
  columns: [
    { zh: '科目编码', en: 'Code', width: 16, field: 'code', required: true, cell: (s) => s.code, parse: digits, example: '100201', note: { zh: '必填，数字，长度符合科目编码规则；上级须已存在或在本表中；已存在的编码会被更新', en: 'Required, digits fitting the code rule; the parent must exist or be in this sheet; an existing code is updated' } },
    { zh: '科目名称', en: 'Name', width: 28, field: 'name', required: true, cell: (s) => s.name, example: '工商银行', note: { zh: '必填', en: 'Required' } },
    { zh: '英文名称', en: 'English name', width: 28, field: 'nameEn', cell: (s) => s.nameEn, parse: text, example: 'ICBC', note: { zh: '可空', en: 'May be empty' } },
    { zh: '助记码', en: 'Abbreviation', width: 14, field: 'abbr', cell: (s) => s.abbr, parse: text, example: 'GSYH', note: { zh: '可空', en: 'May be empty' } },
    { zh: '科目类别', en: 'Kind', width: 12, cell: (s) => s.kind, example: null, note: { zh: '', en: '' } },
    { zh: '余额方向', en: 'Balance direction', width: 14, field: 'direction', cell: (s) => (s.direction ? 'BORROWER' : 'LENDER'), parse: direction, example: 'BORROWER', note: { zh: 'BORROWER（借）/LENDER（贷）；只对一级科目有效，下级随上级', en: 'BORROWER (debit) / LENDER (credit); level-1 subjects only, children follow their parent' } },
    { zh: '级次', en: 'Level', width: 8, cell: (s) => s.level, example: null, note: { zh: '', en: '' } },
    { zh: '辅助核算', en: 'Auxiliary types', width: 24, field: 'auxTypeIds', cell: (s) => s.auxTypeIds.map((id) => auxName.get(id) ?? String(id)).join(','), parse: auxes, example: 'CUSTOMER', note: { zh: `逗号分隔：${auxTypes.map((a) => a.type).join(', ')}`, en: `Comma separated: ${auxTypes.map((a) => a.type).join(', ')}` } },
    { zh: '现金科目', en: 'Cash', width: 8, field: 'beCash', cell: (s) => s.beCash, parse: flag, example: false, note: { zh: '是/否', en: 'Yes/No' } },
    { zh: '停用', en: 'Disabled', width: 8, field: 'disabled', cell: (s) => s.disabled, parse: flag, example: false, note: { zh: '是/否', en: 'Yes/No' } },
  ],
  context: async () => null,
  page: (db, s, filter, offset, limit) => page(db, s.companyId, { ...filter, accountYearId: s.scopeId }, offset, limit),
  existing: async (tx, s) => {
    const all: SubjectRow[] = [];
    for (;;) {
      const { content, total } = await page(tx, s.companyId, { accountYearId: s.scopeId } as SubjectFilter, all.length, 1000);
      all.push(...content);
      if (!content.length || all.length >= total) return keyed(all);
    }
  },
  createBody: subjectCreateBody,
  updateBody: subjectUpdateBody,
  scopeFields: (s) => ({ accountYearId: s.scopeId }),
  // Parents first: shorter codes, then by code.
  order: (rows) => [...rows].sort((a, b) => a.key.length - b.key.length || a.key.localeCompare(b.key)),
  // A child's direction follows its parent: only a level-1 row's direction is applied.
  narrow: (s, update) => (s.parentId === null ? update : { ...update, direction: undefined }),
  ruleFields: {
    SUBJECT_CODE_INVALID: 'code', SUBJECT_CODE_DUPLICATE: 'code', SUBJECT_PARENT_MISSING: 'code', SUBJECT_PARENT_IN_USE: 'code',
    SUBJECT_AUX_IN_USE: 'auxTypeIds', SUBJECT_AUX_IMPORT_ADD: 'auxTypeIds', SUBJECT_DIRECTION_USED: 'direction',
  },
  // A type added to a used subject needs a value for the existing voucher lines, which only the
  // subject form asks for: the import says so instead of asking for a value it cannot take.
  importRefusal: (err, row) => (err.code === 'SUBJECT_AUX_VALUES_REQUIRED'
    ? new DomainError('SUBJECT_AUX_IMPORT_ADD', { code: row.key, types: addedTypes(err.appendix) })
    : err),
  create: (tx, s, body: subjects.SubjectCreate) => subjects.createSubject(tx, s.companyId, body),
  update: (tx, _s, row, body: subjects.SubjectPatch) => subjects.updateSubject(tx, row.id, body),
};
