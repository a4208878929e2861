/**
 * Whether the stored record a query answers replaces the one a clean editor shows: another record
 * (the editor moved to it), or a newer version of the same one (another user's save, the editor's
 * own action answered through the query). Never an older version: the query's answer may be drawn
 * after the editor already holds a newer one (an action reads the record afresh and shows it at
 * once, while the query still hands out what it held before), and showing it flipped an audited
 * document back to its earlier state for a moment, the toolbar and the focus with it.
 */
export function replacesShown(shown: { id: number; version: number } | null | undefined, stored: { id: number; version: number }): boolean {
  return !shown || shown.id !== stored.id || stored.version > shown.version;
}
