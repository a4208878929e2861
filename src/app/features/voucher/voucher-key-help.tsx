/**
 * The voucher editor's own keys (voucher-keys.ts) in a popover next to the grid kit's key help.
 * Opened from the keyboard (Enter on its button) the focus stays on the button: Escape there closes
 * it, and so does the focus going on elsewhere (a step to another voucher, Ctrl+P's drawer, which
 * it otherwise covered). Mantine closes a popover on Escape only while the focus is inside it.
 */
import { useState } from 'react';
import { ActionIcon, Kbd, Popover, Table, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VOUCHER_KEY_BINDINGS } from './voucher-keys';

export function VoucherKeyHelp() {
  const { t } = useTranslation('voucher');
  const [opened, setOpened] = useState(false);
  return (
    <Popover width={420} position="bottom-end" shadow="md" withArrow opened={opened} onChange={setOpened}>
      <Popover.Target>
        <Tooltip label={t('keys.title')}>
          <ActionIcon
            variant="light"
            aria-label={t('keys.title')}
            aria-expanded={opened}
            data-testid="voucher-key-help"
            onClick={() => setOpened((o) => !o)}
            onKeyDown={(e) => {
              if (e.key !== 'Escape' || !opened) return;
              e.stopPropagation();
              setOpened(false);
            }}
            // Focus gone to another control (not a click on the panel's text, which takes none).
            onBlur={(e) => e.relatedTarget && setOpened(false)}
          >
            ⌨
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown data-testid="voucher-key-help-panel">
        <Text fw={600} mb="xs">
          {t('keys.title')}
        </Text>
        <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing="xs" fz="sm">
          <Table.Tbody>
            {VOUCHER_KEY_BINDINGS.map((b) => (
              <Table.Tr key={b.command}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Kbd size="xs">{b.label}</Kbd>
                </Table.Td>
                <Table.Td>{t(b.helpKey)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Kbd size="xs">F7</Kbd>
              </Table.Td>
              <Table.Td>{t('keys.picker')}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Popover.Dropdown>
    </Popover>
  );
}
