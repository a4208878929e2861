/** The voucher editor's own keys (voucher-keys.ts) in a popover next to the grid kit's key help. */
import { ActionIcon, Kbd, Popover, Table, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VOUCHER_KEY_BINDINGS } from './voucher-keys';

export function VoucherKeyHelp() {
  const { t } = useTranslation('voucher');
  return (
    <Popover width={420} position="bottom-end" shadow="md" withArrow>
      <Popover.Target>
        <Tooltip label={t('keys.title')}>
          <ActionIcon variant="light" aria-label={t('keys.title')} data-testid="voucher-key-help">
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
