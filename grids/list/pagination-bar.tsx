/** Pagination control of the list grid: sizes 10/15/30/50/100, first/prev/next/last, jump-to-page clamped to [1, last]. */
import { useState } from 'react';
import { Group, NumberInput, Pagination, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../src/domain/constants';
import { clampPage, lastPage, rowRange } from './paging';

export interface PaginationBarProps {
  page: number;
  size: number;
  total: number;
  onPageChange: (page: number) => void;
  onSizeChange: (size: number) => void;
  /** Narrow panels: one line, fewer page buttons, no words around the jump box. */
  compact?: boolean;
}

export function PaginationBar({ page, size, total, onPageChange, onSizeChange, compact }: PaginationBarProps) {
  const { t } = useTranslation('admin');
  const last = lastPage(total, size);
  const { from, to } = rowRange({ page, size }, total);
  const [jump, setJump] = useState<string | number>('');
  const go = () => {
    if (jump === '' || jump === null) return;
    onPageChange(clampPage(Number(jump), last));
    setJump('');
  };
  return (
    <Group justify="space-between" gap="sm" wrap={compact ? 'nowrap' : 'wrap'} data-testid="list-pagination">
      <Text size="sm" c="dimmed" data-testid="list-total" style={{ whiteSpace: 'nowrap' }}>
        {compact ? t('list.total', { total }) : t('list.range', { from, to, total })}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Select
          size="xs"
          w={compact ? 96 : 110}
          aria-label={t('list.pageSize')}
          data={PAGE_SIZES.map((s) => ({ value: String(s), label: t('list.perPage', { size: s }) }))}
          value={String(size)}
          onChange={(v) => v && onSizeChange(Number(v))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="list-page-size"
        />
        <Pagination
          size="sm"
          total={last}
          value={Math.min(page, last)}
          onChange={onPageChange}
          withEdges
          siblings={compact ? 0 : 1}
          boundaries={compact ? 0 : 1}
          getControlProps={(control) => ({ 'aria-label': t(`list.${control}`), title: t(`list.${control}`) })}
        />
        {!compact && <Text size="sm">{t('list.goTo')}</Text>}
        <NumberInput
          size="xs"
          w={compact ? 56 : 64}
          placeholder={compact ? t('list.goTo') : undefined}
          min={1}
          max={last}
          hideControls
          allowDecimal={false}
          allowNegative={false}
          value={jump}
          onChange={setJump}
          onKeyDown={(e) => {
            if (e.key === 'Enter') go();
          }}
          onBlur={go}
          aria-label={t('list.jumpToPage')}
          data-testid="list-jump"
        />
        {!compact && <Text size="sm">{t('list.page')}</Text>}
      </Group>
    </Group>
  );
}
