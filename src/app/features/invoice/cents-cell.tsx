/** An amount in cents as text: 2 decimals, thousands separators, negatives red (spec 02 §9). */
import { formatCents } from '../../../domain/money';

export function CentsCell({ cents }: { cents: number | null | undefined }) {
  if (typeof cents !== 'number') return null;
  return <span style={cents < 0 ? { color: 'var(--mantine-color-red-7)' } : undefined}>{formatCents(cents)}</span>;
}
