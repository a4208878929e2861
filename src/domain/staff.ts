/**
 * Pure rules for departments and employees (spec 02 §3, §5): name and ID-card validations, the
 * department tree (children under subItems) and its leaf/descendant questions.
 */
import type { UserKind } from './enums';

/** Names of people are 2–18 characters (spec 02 §5 "Name 2-18 characters"), counted as characters, not UTF-16 units. */
export const PERSON_NAME_MIN = 2;
export const PERSON_NAME_MAX = 18;

export function isPersonName(name: string): boolean {
  const n = [...name.trim()].length;
  return n >= PERSON_NAME_MIN && n <= PERSON_NAME_MAX;
}

/** A mainland ID-card number: 15 digits, or 17 digits then a digit or X. */
export function isIdCardNumber(value: string): boolean {
  return /^(\d{15}|\d{17}[\dXx])$/.test(value.trim());
}

/**
 * The kind of account an employee is bound to (spec 02 §3, §7: the bind list holds users of kind
 * OTHER): the bind dialog lists only these and the server refuses any other (ACCOUNT_NOT_BINDABLE).
 */
export const BINDABLE_USER_KIND = 'OTHER' satisfies UserKind;

/** Employee sex on the wire: 1 man, 0 woman. */
export const SEX_MAN = 1;
export const SEX_WOMAN = 0;

export interface DepartmentNode<T> {
  item: T;
  subItems: DepartmentNode<T>[];
}

interface TreeItem {
  id: number;
  parentId: number | null;
}

/** Roots first, children under their parent in the given order; a row whose parent is missing becomes a root. */
export function buildTree<T extends TreeItem>(rows: readonly T[]): DepartmentNode<T>[] {
  const nodes = new Map(rows.map((r) => [r.id, { item: r, subItems: [] as DepartmentNode<T>[] }]));
  const roots: DepartmentNode<T>[] = [];
  for (const r of rows) {
    const parent = r.parentId !== null ? nodes.get(r.parentId) : undefined;
    (parent && r.parentId !== r.id ? parent.subItems : roots).push(nodes.get(r.id)!);
  }
  return roots;
}

/** The department and every department below it (for "employees of this department" filters). */
export function descendantIds(rows: readonly TreeItem[], rootId: number): number[] {
  const children = new Map<number, number[]>();
  for (const r of rows) if (r.parentId !== null) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
  const out: number[] = [];
  const seen = new Set<number>();
  const stack = [rootId];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

/** Only last-level departments take employees (spec 02 §5). */
export function isLeafDepartment(rows: readonly TreeItem[], id: number): boolean {
  return !rows.some((r) => r.parentId === id);
}

/**
 * Whether moving `id` under `parentId` would make it its own ancestor (a cycle in the tree).
 * A null parent never does.
 */
export function wouldCycle(rows: readonly TreeItem[], id: number, parentId: number | null): boolean {
  if (parentId === null) return false;
  return descendantIds(rows, id).includes(parentId);
}

/** A false `disabled` travels as null (spec 02 §4): the app sends null for false. */
export function disabledOnWire(disabled: boolean): true | null {
  return disabled ? true : null;
}
