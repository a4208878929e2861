/**
 * Messages must not pile up: a message identical to one already shown or waiting (same colour,
 * title and text) is dropped, so a burst of the same failure shows once. Pure, over Mantine's
 * notification list (shown + queued, oldest first).
 */
interface NotificationLike {
  id?: string;
  color?: string;
  title?: unknown;
  message?: unknown;
}

/** A comparable identity for plain-text notifications; null for rich content (never deduplicated). */
export function notificationIdentity(n: NotificationLike): string | null {
  const text = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'string' || typeof v === 'number' ? String(v) : null);
  const title = text(n.title);
  const message = text(n.message);
  if (title === null || message === null) return null;
  return JSON.stringify([n.color ?? '', title, message]);
}

/** The list without later copies of an identical message; the same array when nothing was dropped. */
export function dedupeNotifications<T extends NotificationLike>(list: T[]): T[] {
  const seen = new Set<string>();
  const out = list.filter((n) => {
    const identity = notificationIdentity(n);
    if (identity === null) return true;
    if (seen.has(identity)) return false;
    seen.add(identity);
    return true;
  });
  return out.length === list.length ? list : out;
}
