/**
 * "Keyboard shortcuts": the one place in the app that lists the key map — the shell's table
 * (key-map.ts: global keys, menu, page tabs, palette), the entry grid's (grids/key-bindings.ts) and
 * every list screen's (features/common/list-keys.ts), and the voucher editor's and list's
 * (features/voucher/voucher-keys.ts).
 * Opened from the user menu, the palette and shortcuts.open (F1 / ?).
 */
import { useTranslation } from 'react-i18next';
import { Kbd, Modal, ScrollArea, Table, Title } from '@mantine/core';
import { GRID_KEY_BINDINGS, GRID_TYPING_HELP_KEYS, shortcutPlatform, shortcutText } from '../../../grids/key-bindings';
import { LIST_KEY_HELP } from '../features/common/list-keys';
import { helpLines, type KeyScope } from './key-map';
import { PRINT_KEY_LABEL, VOUCHER_KEY_BINDINGS, VOUCHER_LIST_KEY_BINDINGS } from '../features/voucher/voucher-keys';

const SECTIONS: readonly KeyScope[] = ['global', 'menu', 'tabs', 'palette'];

function Lines({ rows }: { rows: Array<{ id: string; keys: string | null; text: string }> }) {
  return (
    <Table withRowBorders={false} verticalSpacing={3} mb="sm">
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.id}>
            <Table.Td w={210} style={{ whiteSpace: 'nowrap' }}>{r.keys ? <Kbd size="sm">{r.keys}</Kbd> : null}</Table.Td>
            <Table.Td>{r.text}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function ShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['shell', 'grid', 'voucher']);
  const platform = shortcutPlatform();
  return (
    <Modal opened={opened} onClose={onClose} title={t('shell:keys.title')} size="lg" data-testid="shortcuts-dialog">
      <ScrollArea.Autosize mah="70vh">
        {SECTIONS.map((scope) => (
          <section key={scope} data-scope={scope}>
            <Title order={5} mb={4}>{t(`shell:keys.section.${scope}`)}</Title>
            <Lines rows={helpLines(scope, platform).map((l) => ({ id: l.helpKey, keys: l.keys, text: t(`shell:${l.helpKey}`) }))} />
          </section>
        ))}
        <section data-scope="grid">
          <Title order={5} mb={4}>{t('shell:keys.section.grid')}</Title>
          <Lines
            rows={[
              ...GRID_KEY_BINDINGS.map((b) => ({ id: b.command, keys: shortcutText(b, platform), text: t(`grid:${b.helpKey}`) })),
              ...GRID_TYPING_HELP_KEYS.map((k) => ({ id: k, keys: t(`grid:${k}Key`), text: t(`grid:${k}`) })),
            ]}
          />
        </section>
        <section data-scope="lists">
          <Title order={5} mb={4}>{t('shell:keys.section.lists')}</Title>
          <Lines rows={LIST_KEY_HELP.map((k) => ({ id: k.id, keys: k.keys, text: t(`grid:listKeys.${k.id}`) }))} />
        </section>
        <section data-scope="voucherEditor">
          <Title order={5} mb={4}>{t('shell:keys.section.voucherEditor')}</Title>
          <Lines
            rows={[
              ...VOUCHER_KEY_BINDINGS.map((b) => ({ id: b.command, keys: b.label, text: t(`voucher:${b.helpKey}`) })),
              { id: 'print', keys: PRINT_KEY_LABEL, text: t('voucher:docs.print') },
            ]}
          />
        </section>
        <section data-scope="voucherList">
          <Title order={5} mb={4}>{t('shell:keys.section.voucherList')}</Title>
          <Lines rows={VOUCHER_LIST_KEY_BINDINGS.map((b) => ({ id: b.command, keys: b.label, text: t(`voucher:${b.helpKey}`) }))} />
        </section>
      </ScrollArea.Autosize>
    </Modal>
  );
}
