/**
 * The figure tiles on top of a dashboard: a label, the figure (red when it asks for attention), an
 * optional line below. Until the figures come, the tiles stand in their places with a dash (value
 * null; a sub line null keeps its line): the page does not jump, and a grid below that fills the
 * window (grids/list/use-fill-height.tsx) is measured once with the tiles already there.
 */
import { Card, SimpleGrid, Text, type SimpleGridProps } from '@mantine/core';

export interface StatTile {
  key: string;
  label: string;
  /** Null: not known yet (a dash, aria-busy). */
  value: string | null;
  /** Null: not known yet (an empty line is kept for it). */
  sub?: string | null;
  alert?: boolean;
}

/** `testId` prefixes the test ids: `${testId}-tiles`, `${testId}-tile-${key}`, `${testId}-value-${key}`. */
export function StatTiles({ tiles, testId, cols }: { tiles: StatTile[]; testId: string; cols: SimpleGridProps['cols'] }) {
  return (
    <SimpleGrid cols={cols} spacing="xs" data-testid={`${testId}-tiles`}>
      {tiles.map((x) => (
        <Card key={x.key} withBorder padding="xs" data-testid={`${testId}-tile-${x.key}`}>
          <Text size="xs" c="dimmed">{x.label}</Text>
          <Text size="xl" fw={700} c={x.value === null ? 'dimmed' : x.alert ? 'red' : undefined} aria-busy={x.value === null || undefined} data-testid={`${testId}-value-${x.key}`}>{x.value ?? '—'}</Text>
          {x.sub !== undefined && <Text size="xs" c="dimmed">{x.sub || '\u00a0'}</Text>}
        </Card>
      ))}
    </SimpleGrid>
  );
}
