/** The search icon of a picker field (reachable by Tab; F7 in the field does the same): opens the pick-list popup. */
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function PickerIcon({ onOpen, testId, disabled }: { onOpen: () => void; testId?: string; disabled?: boolean }) {
  const { t } = useTranslation('pickers');
  return (
    <Tooltip label={t('open')} withinPortal>
      <ActionIcon variant="subtle" size="sm" aria-label={t('open')} onClick={onOpen} disabled={disabled} data-testid={testId}>
        <IconSearch size={14} />
      </ActionIcon>
    </Tooltip>
  );
}

/** F7 in a picker field opens its popup. */
export const onF7 = (open: () => void) => (e: React.KeyboardEvent) => {
  if (e.key === 'F7') {
    e.preventDefault();
    open();
  }
};
