/**
 * A keyboard-first pick list for F7 on a lookup cell: type to filter by code or name, arrows to
 * move, Enter to pick, Esc to close. Screens open it from their picker hook (`EntryGrid`'s
 * `pickers`) and pass the choice to the request's `commit`.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Modal, ScrollArea, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PICKER_MAX_RECORDS } from '../src/domain/constants';
import { filterLookup, type LookupOption } from './lookup-match';

export interface ListPickerProps {
  opened: boolean;
  title: string;
  options: readonly LookupOption[];
  initialQuery?: string;
  onPick: (value: string) => void;
  onClose: () => void;
}

export function ListPicker(props: ListPickerProps) {
  // Remount per opening so the query and highlight start afresh.
  return props.opened ? <ListPickerBody {...props} /> : null;
}

function ListPickerBody({ title, options, initialQuery = '', onPick, onClose }: ListPickerProps) {
  const { t } = useTranslation('grid');
  const [query, setQuery] = useState(initialQuery);
  const [active, setActive] = useState(0);
  const listId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const hits = useMemo(() => filterLookup(query, options, PICKER_MAX_RECORDS), [query, options]);
  const current = Math.min(active, Math.max(0, hits.length - 1));

  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${current}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive(Math.min(hits.length - 1, current + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive(Math.max(0, current - 1));
    } else if (e.key === 'PageDown') {
      e.preventDefault();
      setActive(Math.min(hits.length - 1, current + 8));
    } else if (e.key === 'PageUp') {
      e.preventDefault();
      setActive(Math.max(0, current - 8));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      e.stopPropagation();
      if (hits[current]) onPick(hits[current].value);
    }
  };

  return (
    <Modal opened onClose={onClose} title={title} size="md" transitionProps={{ duration: 0 }} returnFocus={false} data-testid="list-picker">
      <TextInput
        data-autofocus
        value={query}
        placeholder={t('picker.search')}
        onChange={(e) => {
          setQuery(e.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-expanded
        aria-controls={listId}
        aria-activedescendant={hits[current] ? `${listId}-${current}` : undefined}
        data-testid="list-picker-query"
      />
      <ScrollArea.Autosize mah={320} mt="xs">
        <div ref={listRef} role="listbox" id={listId}>
          {hits.length === 0 && (
            <Text c="dimmed" size="sm" p="xs">
              {t('picker.empty')}
            </Text>
          )}
          {hits.map((o, i) => (
            <UnstyledButton
              key={o.value}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === current}
              data-index={i}
              tabIndex={-1}
              onMouseEnter={() => setActive(i)}
              onClick={() => onPick(o.value)}
              style={{
                display: 'flex',
                gap: 12,
                width: '100%',
                padding: '4px 8px',
                borderRadius: 4,
                background: i === current ? 'var(--mantine-color-blue-light)' : undefined,
              }}
            >
              <Text size="sm" ff="monospace" w={64}>
                {o.code}
              </Text>
              <Text size="sm">{o.name}</Text>
            </UnstyledButton>
          ))}
        </div>
      </ScrollArea.Autosize>
    </Modal>
  );
}
