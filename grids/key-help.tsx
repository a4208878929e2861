/**
 * The entry grid's keyboard help: every binding of the kit's table with its shortcut, plus the
 * typing rules (`..`, `//`, arithmetic, paste). Screens put it next to their grid. Opened from the
 * keyboard, Escape closes it and the focus going elsewhere closes it (help-popover.ts). Memoised:
 * the editors around it re-render on every change of their sheet, and its popover, tooltip and
 * table were a good part of that work on each Enter (a CPU profile of the cash journal).
 */
import { memo } from 'react';
import { ActionIcon, Kbd, Popover, ScrollArea, Table, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GRID_KEY_BINDINGS, GRID_TYPING_HELP_KEYS, shortcutLabel, shortcutPlatform } from './key-bindings';
import { useHelpPopover } from './help-popover';

export const KeyHelp = memo(function KeyHelp({ testId = 'grid-key-help' }: { testId?: string }) {
  const { t } = useTranslation('grid');
  const platform = shortcutPlatform();
  const help = useHelpPopover();
  return (
    <Popover width={460} position="bottom-end" shadow="md" withArrow {...help.popover}>
      <Popover.Target>
        <Tooltip label={t('help.title')}>
          <ActionIcon variant="light" aria-label={t('help.title')} data-testid={testId} {...help.target}>
            ?
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown data-testid={`${testId}-panel`} {...help.dropdown}>
        <Text fw={600} mb="xs">
          {t('help.title')}
        </Text>
        <ScrollArea.Autosize mah="70vh">
          <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing="xs" fz="sm">
            <Table.Tbody>
              {GRID_KEY_BINDINGS.map((b) => (
                <Table.Tr key={b.command}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Kbd size="xs">{b.label ?? shortcutLabel(b, platform)}</Kbd>
                  </Table.Td>
                  <Table.Td>{t(b.helpKey)}</Table.Td>
                </Table.Tr>
              ))}
              {GRID_TYPING_HELP_KEYS.map((key) => (
                <Table.Tr key={key}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Kbd size="xs">{t(`${key}Key`)}</Kbd>
                  </Table.Td>
                  <Table.Td>{t(key)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
});
