/**
 * The grid-kit page (kit.html): a voucher-shaped entry grid with a fixed subject list, so the kit
 * can be driven in a browser — by people, the Playwright e2e and the UI benchmark — before the
 * real voucher screen exists. Not linked from the product menu.
 *
 * Query parameters: `lang=zh_CN|en_US`, `rows=N` (initial rows, default 20), `locked=1`.
 */
import { memo, useCallback, useMemo, useState } from 'react';
import { Badge, Checkbox, Container, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EntryGrid, type PickerHook, type PickerRequest } from '../../../grids/entry-grid';
import { KeyHelp } from '../../../grids/key-help';
import { ListPicker } from '../../../grids/list-picker';
import type { LookupOption } from '../../../grids/lookup-match';
import { useSheet, useSheetTotals, type SheetTotalsView } from '../../../grids/use-sheet';
import { voucherKitSchema, type VoucherKitRow } from '../../../grids/voucher-kit.columns';
import { VOUCHER_DEFAULT_ROWS } from '../../domain/constants';
import type { Language } from '../../domain/enums';
import { formatCents } from '../../domain/money';
import { setStoredLanguage } from '../i18n';
import { createKitCatalog } from './kit-catalog';

interface Picking {
  request: PickerRequest<VoucherKitRow>;
  title: string;
  options: LookupOption[];
}

function readOptions() {
  const params = new URLSearchParams(window.location.search);
  const rows = Number(params.get('rows'));
  return {
    initialRows: Number.isInteger(rows) && rows >= 1 && rows <= 200 ? rows : VOUCHER_DEFAULT_ROWS,
    locked: params.get('locked') === '1',
  };
}

export function KitPage() {
  const { t } = useTranslation('grid');
  const [options] = useState(readOptions);
  const catalog = useMemo(() => createKitCatalog(t), [t]);
  const schema = useMemo(() => voucherKitSchema(catalog.lookups, { initialRows: options.initialRows }), [catalog, options.initialRows]);
  const [state, dispatch] = useSheet(schema);
  const [locked, setLocked] = useState(options.locked);
  const totals = useSheetTotals(schema, state.rows);
  const [picking, setPicking] = useState<Picking | null>(null);

  const pickers = useMemo<Record<string, PickerHook<VoucherKitRow>>>(
    () => ({
      subject: (request) => setPicking({ request, title: t('picker.subject'), options: catalog.subjectOptions }),
      aux: (request) => setPicking({ request, title: t('picker.aux'), options: catalog.auxOptions(request.row.subjectId) }),
    }),
    [catalog, t],
  );

  const totalsLabel = useCallback(
    (view: SheetTotalsView) => (
      <span className="ld-totals-label">
        <span className="ld-totals-label__text" data-testid="totals-uppercase">
          {view.uppercase === null ? t('totals.uppercaseOutOfRange') : t('totals.uppercase', { text: view.uppercase })}
        </span>
        {view.differenceCents ? (
          <span className="ld-totals-label__difference" data-testid="totals-difference">
            {t('totals.difference', { amount: formatCents(view.differenceCents) })}
          </span>
        ) : null}
      </span>
    ),
    [t],
  );

  const markInteractive = useCallback(() => {
    performance.mark('kit-grid-interactive');
    document.body.dataset.gridReady = 'true';
  }, []);

  const closePicker = (pick: (request: PickerRequest<VoucherKitRow>) => void) => {
    const current = picking;
    setPicking(null);
    if (current) pick(current.request);
  };

  const balanced = totals.differenceCents === 0;
  return (
    <Container size={1280} py="md">
      <Stack gap="sm">
        <KitHeader locked={locked} onLockedChange={setLocked} />
        <EntryGrid
          schema={schema}
          state={state}
          dispatch={dispatch}
          readOnly={locked}
          pickers={pickers}
          totalsLabel={totalsLabel}
          autoFocus
          onInteractive={markInteractive}
          testId="kit-grid"
        />
        <Paper withBorder p="sm">
          <Group gap="xl">
            <Badge color={balanced ? 'green' : 'red'} variant="light" data-testid="kit-balance">
              {balanced ? t('kit.balanced') : t('kit.unbalanced')}
            </Badge>
            <Text size="sm">
              {t('kit.totals.debit')}: <b data-testid="kit-debit-total">{formatCents(totals.debitCents ?? 0)}</b>
            </Text>
            <Text size="sm">
              {t('kit.totals.credit')}: <b data-testid="kit-credit-total">{formatCents(totals.creditCents ?? 0)}</b>
            </Text>
            <Text size="sm">
              {t('kit.uppercaseTitle')}: <b data-testid="kit-uppercase">{totals.uppercase ?? t('totals.uppercaseOutOfRange')}</b>
            </Text>
          </Group>
        </Paper>
      </Stack>
      <ListPicker
        opened={picking !== null}
        title={picking?.title ?? ''}
        options={picking?.options ?? []}
        initialQuery={picking?.request.query}
        onPick={(value) => closePicker((r) => r.commit(value))}
        onClose={() => closePicker((r) => r.cancel())}
      />
    </Container>
  );
}

/** Title, lock switch, language switch and keyboard help; memoised so data entry does not re-render it. */
const KitHeader = memo(function KitHeader({ locked, onLockedChange }: { locked: boolean; onLockedChange: (locked: boolean) => void }) {
  const { t, i18n } = useTranslation('grid');
  const changeLanguage = (lang: string) => {
    void i18n.changeLanguage(lang);
    setStoredLanguage(lang as Language);
    document.documentElement.lang = lang === 'zh_CN' ? 'zh-CN' : 'en-US';
  };
  return (
    <>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={3}>{t('kit.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('kit.subtitle')}
          </Text>
        </div>
        <Group gap="md">
          <Checkbox label={t('kit.locked')} checked={locked} onChange={(e) => onLockedChange(e.currentTarget.checked)} data-testid="kit-locked" />
          <SegmentedControl
            aria-label={t('kit.language')}
            value={i18n.language}
            onChange={changeLanguage}
            data={[
              { value: 'zh_CN', label: t('kit.languageNames.zh_CN') },
              { value: 'en_US', label: t('kit.languageNames.en_US') },
            ]}
            data-testid="kit-language"
          />
          <KeyHelp />
        </Group>
      </Group>
      <Text size="sm">{t('kit.help')}</Text>
    </>
  );
});
