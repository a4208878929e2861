/**
 * A chosen value shown as a pill with its remove button (a filter's values, a fixed auxiliary value).
 * Mantine's Pill keeps its remove button out of the Tab order and hidden from assistive technology
 * (it is made for a PillsInput, where Backspace removes): standing alone in a filter bar that left a
 * keyboard-only user no way to take a value off. Here the button is a Tab stop of its own, named
 * "Remove {value}", and Enter or Space removes, as a click does.
 */
import { Pill, type PillProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function RemovablePill({ label, removeLabel, onRemove, ...rest }: Omit<PillProps, 'children' | 'withRemoveButton' | 'onRemove'> & {
  /** The pill's text (the value). */
  label: string;
  /** The remove button's name (default: "Remove {label}"). */
  removeLabel?: string;
  onRemove: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Pill {...rest} withRemoveButton onRemove={onRemove}
      removeButtonProps={{ tabIndex: 0, 'aria-hidden': false, 'aria-label': removeLabel ?? t('removeValue', { name: label }), title: removeLabel ?? t('removeValue', { name: label }) }}>
      {label}
    </Pill>
  );
}
