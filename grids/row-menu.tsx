/**
 * The row context menu of an entry grid (AG Grid's own is Enterprise-only): add at end, insert
 * above, copy, delete, undo, redo — each with its shortcut beside it and, in a tooltip, what it
 * does with every key that does it. Opened by a right click at the mouse, or by Shift+F10 under
 * the focused cell; Mantine Menu does the keyboard handling.
 */
import { Menu, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { bindingFor, shortcutLabel, shortcutPlatform, shortcutText, type GridCommand } from './key-bindings';

export interface RowMenuAnchor {
  x: number;
  y: number;
}

export interface RowMenuProps {
  anchor: RowMenuAnchor | null;
  readOnly: boolean;
  canUndo: boolean;
  canRedo: boolean;
  onCommand: (command: GridCommand) => void;
  onClose: () => void;
  testId?: string;
}

const ROW_COMMANDS: { command: GridCommand; labelKey: string }[] = [
  { command: 'appendRow', labelKey: 'menu.appendRow' },
  { command: 'insertRowAbove', labelKey: 'menu.insertRowAbove' },
  { command: 'copyRow', labelKey: 'menu.copyRow' },
  { command: 'deleteRow', labelKey: 'menu.deleteRow' },
];

export function RowMenu({ anchor, readOnly, canUndo, canRedo, onCommand, onClose, testId }: RowMenuProps) {
  const { t } = useTranslation('grid');
  const platform = shortcutPlatform();
  const item = (command: GridCommand, labelKey: string, disabled: boolean, color?: string) => {
    const binding = bindingFor(command);
    const keys = shortcutText(binding, platform);
    return (
      <Tooltip key={command} label={t('menu.tooltip', { action: t(binding.helpKey), keys })} position="right" withinPortal openDelay={300}>
        <Menu.Item
          color={color}
          disabled={disabled}
          data-command={command}
          aria-keyshortcuts={keys.replace(/ \/ /g, ' ')}
          rightSection={
            <Text size="xs" c="dimmed" ff="monospace">
              {shortcutLabel(binding, platform)}
            </Text>
          }
          onClick={() => onCommand(command)}
        >
          {t(labelKey)}
        </Menu.Item>
      </Tooltip>
    );
  };
  return (
    <Menu opened={anchor !== null} onChange={(opened) => !opened && onClose()} position="bottom-start" offset={2} shadow="md" width={240} withinPortal returnFocus={false} trapFocus>
      <Menu.Target>
        <div className="ld-context-anchor" style={{ left: anchor?.x ?? 0, top: anchor?.y ?? 0 }} aria-hidden />
      </Menu.Target>
      <Menu.Dropdown data-testid={testId}>
        <Menu.Label>{t('menu.title')}</Menu.Label>
        {ROW_COMMANDS.map((c) => item(c.command, c.labelKey, readOnly, c.command === 'deleteRow' ? 'red' : undefined))}
        <Menu.Divider />
        {item('undo', 'menu.undo', readOnly || !canUndo)}
        {item('redo', 'menu.redo', readOnly || !canRedo)}
      </Menu.Dropdown>
    </Menu>
  );
}
