/**
 * /basic/voucherCode: the voucher code rule of the current ledger set — the length of voucher
 * codes (default 4). Enter saves (the form pattern); the version read is sent back, so a change
 * made meanwhile by someone else is reported instead of overwritten.
 */
import { useEffect, useRef } from 'react';
import { Button, Card, Group, Loader, NumberInput, Stack, Text, Title } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { voucherCodeRuleBody, type VoucherCodeRuleDto } from '../../../contract/finance-settings';
import { padVoucherCode, VOUCHER_CODE_LENGTH_DEFAULT, VOUCHER_CODE_LENGTH_MAX, VOUCHER_CODE_LENGTH_MIN } from '../../../domain/finance-settings';
import { RIGHTS } from '../../../domain/rights';
import { useHasRight, useScope } from '../../session/store';
import { useUpdateVoucherCodeRule, voucherCodeRuleOptions } from '../../queries/finance-settings';
import { useTabDirty } from '../../shell/use-tab-dirty';
import { NoCompany } from '../common/list-page';
import { useEntityForm } from '../common/use-entity-form';
import { FormSaveButton } from '../common/form-save-button';

const valuesOf = (accountId: number, r?: VoucherCodeRuleDto) => ({ accountId, length: (r?.length ?? VOUCHER_CODE_LENGTH_DEFAULT) as number | string });

export function VoucherCodePage() {
  const { t } = useTranslation(['finance', 'common']);
  const { accountId } = useScope();
  const canEdit = useHasRight(RIGHTS.BASIC_FINANCE);
  const rule = useQuery(voucherCodeRuleOptions(accountId));
  const update = useUpdateVoucherCodeRule();
  /**
   * The version the draft builds on, kept out of the draft: the one read while the form was
   * unedited, then the one each of our own saves answers. In the draft it went stale when the user
   * typed while a save was on its way (the answer does not replace edited values): Save then stayed
   * enabled on the value just saved, and the next save, or one queued meanwhile, was refused as
   * "changed by someone else". A change made by someone else meanwhile is still reported.
   */
  const version = useRef(0);
  const form = useEntityForm({
    schema: voucherCodeRuleBody,
    empty: () => valuesOf(accountId ?? 0),
    required: ['length'],
    toInput: (v) => ({ ...v, version: version.current }),
    // A number out of range: the rule's own words (the generic ones speak of characters).
    messages: { length: { invalid: { key: 'finance:codeRule.lengthRange', values: { min: VOUCHER_CODE_LENGTH_MIN, max: VOUCHER_CODE_LENGTH_MAX } } } },
    keep: `voucher-code:${accountId}`,
  });
  useTabDirty(canEdit && form.dirty, undefined, { kept: true });

  useEffect(() => {
    if (!rule.data || !accountId) return;
    if (!form.dirty || !version.current) version.current = rule.data.version;
    form.load(valuesOf(accountId, rule.data));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rule.data]);

  if (!accountId) return <NoCompany />;
  if (rule.isLoading) return <Loader size="sm" />;

  const submit = async () => {
    try {
      await form.saveWith(async (body) => {
        const saved = await update.mutateAsync({ ...body, version: version.current });
        version.current = saved.version;
        return valuesOf(accountId, saved);
      });
    } catch {
      void rule.refetch();
    }
  };
  const length = Number(form.values.length);
  const example = Number.isInteger(length) && length >= VOUCHER_CODE_LENGTH_MIN && length <= VOUCHER_CODE_LENGTH_MAX ? `记-${padVoucherCode(1, length)}` : '';

  return (
    <Card withBorder padding="lg" maw={560} data-testid="voucher-code-rule">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (canEdit) void submit();
        }}
      >
        <Stack gap="sm">
          <Title order={4}>{t('codeRule.title')}</Title>
          <NumberInput
            w={200}
            label={t('codeRule.length')}
            withAsterisk
            min={VOUCHER_CODE_LENGTH_MIN}
            max={VOUCHER_CODE_LENGTH_MAX}
            allowDecimal={false}
            allowNegative={false}
            readOnly={!canEdit}
            data-autofocus
            {...form.field('length')}
            data-testid="voucher-code-length"
          />
          <Text size="sm" c="dimmed">{t('codeRule.hint', { min: VOUCHER_CODE_LENGTH_MIN, max: VOUCHER_CODE_LENGTH_MAX })}</Text>
          {example && <Text size="sm" data-testid="voucher-code-example">{t('codeRule.example', { example })}</Text>}
          {canEdit && (
            <Group justify="flex-end" gap="xs">
              <Button variant="default" leftSection={<IconRestore size={16} />} disabled={!form.dirty} onClick={() => form.reset(valuesOf(accountId, rule.data))} data-testid="voucher-code-reset">
                {t('common:reset')}
              </Button>
              <FormSaveButton form={form} label={t('codeRule.save')} testId="voucher-code-save" />
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}
