/** The figure tiles on top of a dashboard: a label, the figure (red when it asks for attention), an optional line below. */
import { Card, SimpleGrid, Text, type SimpleGridProps } from '@mantine/core';

export interface StatTile {
  key: string;
  label: string;
  value: string;
  sub?: string;
  alert?: boolean;
}

/** `testId` prefixes the test ids: `${testId}-tiles`, `${testId}-tile-${key}`, `${testId}-value-${key}`. */
export function StatTiles({ tiles, testId, cols }: { tiles: StatTile[]; testId: string; cols: SimpleGridProps['cols'] }) {
  return (
    <SimpleGrid cols={cols} spacing="xs" data-testid={`${testId}-tiles`}>
      {tiles.map((x) => (
        <Card key={x.key} withBorder padding="xs" data-testid={`${testId}-tile-${x.key}`}>
          <Text size="xs" c="dimmed">{x.label}</Text>
          <Text size="xl" fw={700} c={x.alert ? 'red' : undefined} data-testid={`${testId}-value-${x.key}`}>{x.value}</Text>
          {x.sub && <Text size="xs" c="dimmed">{x.sub}</Text>}
        </Card>
      ))}
    </SimpleGrid>
  );
}
