/**
 * The subject tree panel's data: root 'all', the five kinds, then every subject that has children,
 * nested by parent (leaves are the list's rows). Node values say what the list filters by.
 */
import type { SubjectDto } from '../../../contract/subject';
import { subjectKinds, type SubjectKind } from '../../../domain/enums';
import { localName } from '../../../domain/names';

export interface SubjectTreeNode {
  value: string;
  label: string;
  children?: SubjectTreeNode[];
}

export const TREE_ALL = 'all';

/** The list filter of a tree node: none for 'all', the kind, or the subtree of a subject. */
export function filterOfNode(value: string, subjects: readonly SubjectDto[]): { kind?: SubjectKind; codePrefix?: string } {
  if (value.startsWith('kind:')) return { kind: value.slice(5) as SubjectKind };
  if (value.startsWith('s:')) {
    const s = subjects.find((x) => x.id === Number(value.slice(2)));
    return s ? { codePrefix: s.code } : {};
  }
  return {};
}

/** `labels.language`: the reader's, in which the subjects are named (localName: the English name when set). */
export function buildSubjectTree(subjects: readonly SubjectDto[], labels: { all: string; kind: (k: SubjectKind) => string; language: string }): SubjectTreeNode[] {
  const parents = subjects.filter((s) => !s.leaf).sort((a, b) => a.code.localeCompare(b.code));
  const childrenOf = new Map<number | null, SubjectDto[]>();
  for (const s of parents) {
    const key = s.parentId;
    childrenOf.set(key, [...(childrenOf.get(key) ?? []), s]);
  }
  const nodeOf = (s: SubjectDto): SubjectTreeNode => {
    const kids = (childrenOf.get(s.id) ?? []).map(nodeOf);
    return { value: `s:${s.id}`, label: `${s.code} ${localName(labels.language, s)}`, ...(kids.length ? { children: kids } : {}) };
  };
  const roots = childrenOf.get(null) ?? [];
  return [{
    value: TREE_ALL,
    label: labels.all,
    children: subjectKinds.map((k) => {
      const kids = roots.filter((s) => s.kind === k).map(nodeOf);
      return { value: `kind:${k}`, label: labels.kind(k), ...(kids.length ? { children: kids } : {}) };
    }),
  }];
}
