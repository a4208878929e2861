/**
 * Saved list column widths, read and compared. A module of its own: the app's width store is set up
 * at start (src/app/features/common/column-widths.tsx, on the sign-in route too), and it must not
 * bring the list kit's column code (./columns.ts) with it into the first chunk.
 */

export type ColumnWidths = Record<string, number>;

/** Saved content may come from an older version of the screen: keep only sane numbers. */
export function readSavedWidths(content: unknown): ColumnWidths {
  const widths = (content as { widths?: unknown } | null)?.widths;
  if (!widths || typeof widths !== 'object') return {};
  const out: ColumnWidths = {};
  for (const [k, v] of Object.entries(widths as Record<string, unknown>)) {
    if (typeof v === 'number' && Number.isFinite(v) && v >= 20 && v <= 2000) out[k] = Math.round(v);
  }
  return out;
}

export function sameWidths(a: ColumnWidths, b: ColumnWidths): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}
