/**
 * The `:id` of an editor's address (/newVoucher/:id, /newReimburse/:id): `new` (or none) opens an
 * empty editor, a positive whole number opens that document, anything else (0, -1, 12abc, 1.5, a
 * number past PostgreSQL's integer) names no document: the editor says "not found" instead of
 * opening an empty editor under a wrong address or passing the server an id it must refuse.
 */
export const NEW_ID = 'new';

const MAX_ID = 2_147_483_647;

export type EditorRouteId = { kind: 'new' } | { kind: 'stored'; id: number } | { kind: 'invalid' };

export function editorRouteId(routeId: string | undefined): EditorRouteId {
  if (routeId === undefined || routeId === NEW_ID) return { kind: 'new' };
  if (!/^[1-9]\d{0,9}$/.test(routeId)) return { kind: 'invalid' };
  const id = Number(routeId);
  return id <= MAX_ID ? { kind: 'stored', id } : { kind: 'invalid' };
}
