/** Small cell pieces of the list screens: date formatting, the icon buttons of a row's actions cell. */
import type { ReactNode } from 'react';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import dayjs from 'dayjs';

export const formatDateTime = (v: unknown): string => (v ? dayjs(String(v)).format('YYYY-MM-DD HH:mm') : '');
export const formatDate = (v: unknown): string => (v ? dayjs(String(v)).format('YYYY-MM-DD') : '');

export interface RowAction {
  key: string;
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: string;
  hidden?: boolean;
  disabled?: boolean;
  /** Why it is disabled: shown in its tooltip (the icon stays hoverable, aria-disabled). */
  reason?: string | null;
  /**
   * Its action is running (a delete on its way): refused like a disabled icon, but it stays
   * focusable, so an icon pressed by the keyboard does not drop the focus to <body>.
   */
  busy?: boolean;
}

/** Icon buttons in a grid cell; clicks do not select or open the row. */
export function RowActions({ actions }: { actions: RowAction[] }) {
  return (
    <Group gap={4} wrap="nowrap" h="100%" align="center" onDoubleClick={(e) => e.stopPropagation()}>
      {actions
        .filter((a) => !a.hidden)
        .map((a) => (
          <Tooltip
            key={a.key}
            label={a.reason ? <><strong>{a.label}</strong><br />{a.reason}</> : a.label}
            withArrow
            openDelay={a.reason ? 0 : 300}
            multiline
            maw={320}
          >
            <ActionIcon
              variant="subtle"
              size="sm"
              color={a.color}
              aria-label={a.label}
              // A refused icon keeps its pointer events (a disabled button has none), so its tooltip tells
              // why; a busy one keeps its focus.
              disabled={a.disabled && !a.reason && !a.busy}
              data-disabled={a.reason || a.busy ? true : undefined}
              aria-disabled={a.disabled || a.busy || undefined}
              aria-busy={a.busy || undefined}
              data-testid={`row-action-${a.key}`}
              onClick={(e) => {
                e.stopPropagation();
                if (!a.disabled && !a.busy) a.onClick();
              }}
            >
              {a.icon}
            </ActionIcon>
          </Tooltip>
        ))}
    </Group>
  );
}
