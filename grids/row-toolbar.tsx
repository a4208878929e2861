/**
 * Row operations as toolbar buttons for screens that show them beside an entry grid (the kit
 * page; the voucher toolbar): each button runs the same command as its key, on the caret's cell,
 * and its tooltip names the keys. Pressing a button keeps the focus in the grid.
 */
import { memo, type RefObject } from 'react';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconArrowForwardUp, IconCopy, IconRowInsertBottom, IconRowInsertTop, IconRowRemove } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EntryGridHandle } from './entry-grid';
import { bindingFor, shortcutPlatform, shortcutText, type GridCommand } from './key-bindings';

const BUTTONS: { command: GridCommand; labelKey: string; Icon: typeof IconCopy; color?: string }[] = [
  { command: 'appendRow', labelKey: 'menu.appendRow', Icon: IconRowInsertBottom },
  { command: 'insertRowAbove', labelKey: 'menu.insertRowAbove', Icon: IconRowInsertTop },
  { command: 'copyRow', labelKey: 'menu.copyRow', Icon: IconCopy },
  { command: 'deleteRow', labelKey: 'menu.deleteRow', Icon: IconRowRemove, color: 'red' },
  { command: 'undo', labelKey: 'menu.undo', Icon: IconArrowBackUp },
  { command: 'redo', labelKey: 'menu.redo', Icon: IconArrowForwardUp },
];

/** Memoised: the screen re-renders with every edit, the buttons do not change with it. */
export const RowToolbar = memo(function RowToolbar({ grid, readOnly = false, testId = 'row-toolbar' }: { grid: RefObject<EntryGridHandle | null>; readOnly?: boolean; testId?: string }) {
  const { t } = useTranslation('grid');
  const platform = shortcutPlatform();
  return (
    <Group gap={4} data-testid={testId} role="toolbar" aria-label={t('menu.title')}>
      {BUTTONS.map(({ command, labelKey, Icon, color }) => {
        const binding = bindingFor(command);
        const keys = shortcutText(binding, platform);
        return (
          <Tooltip key={command} label={t('menu.tooltip', { action: t(labelKey), keys })} withArrow openDelay={200}>
            <ActionIcon
              variant="default"
              color={color}
              size="md"
              disabled={readOnly}
              aria-label={t(labelKey)}
              aria-keyshortcuts={keys.replace(/ \/ /g, ' ')}
              data-command={command}
              // Keep the caret (focus) in the grid: the command runs on its cell.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => grid.current?.runCommand(command)}
            >
              <Icon size={16} stroke={1.6} />
            </ActionIcon>
          </Tooltip>
        );
      })}
    </Group>
  );
});
