/**
 * /system/settings: the download base (exports, templates and PDFs show only when it is set) and
 * whether the top bar offers the language switch — both system-wide, changed by administrators —
 * and the signed-in user's own interface language. Enter saves (the form pattern); the draft is
 * kept with the tab.
 */
import { useEffect } from 'react';
import { Button, Card, Checkbox, Group, Loader, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { systemConfigUpdateBody, type SystemConfigDto } from '../../../contract/system';
import type { Language } from '../../../domain/enums';
import { useSession } from '../../session/store';
import { systemConfigQueryOptions } from '../../queries/session';
import { useUpdateSystemConfig } from '../../queries/finance-settings';
import { applyLanguage } from '../../shell/session-actions';
import { LANGUAGE_LABELS } from '../../shell/top-bar';
import { useTabDirty } from '../../shell/use-tab-dirty';
import { useEntityForm } from '../common/use-entity-form';
import { FormSaveButton } from '../common/form-save-button';

const valuesOf = (c?: SystemConfigDto) => ({ downloadBase: c?.downloadBase ?? '', languageSwitch: c?.languageSwitch ?? true });

export function SystemSettingsPage() {
  const { t } = useTranslation(['finance', 'common']);
  const isAdmin = useSession((s) => s.user?.kind === 'ADMIN');
  const language = useSession((s) => s.language);
  const config = useQuery(systemConfigQueryOptions());
  const update = useUpdateSystemConfig();
  const form = useEntityForm({
    schema: systemConfigUpdateBody,
    empty: () => valuesOf(),
    // An empty box clears the address (export buttons hide again).
    toInput: (v) => ({ downloadBase: v.downloadBase.trim() === '' ? null : v.downloadBase, languageSwitch: v.languageSwitch }),
    keep: 'system-settings',
  });
  useTabDirty(isAdmin && form.dirty, undefined, { kept: true });

  useEffect(() => {
    if (config.data) form.load(valuesOf(config.data));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [config.data]);

  if (config.isLoading) return <Loader size="sm" />;

  const submit = async () => {
    try {
      await form.saveWith(async (body) => valuesOf(await update.mutateAsync(body)));
    } catch {
      /* notified */
    }
  };

  return (
    <Card withBorder padding="lg" maw={720} data-testid="system-settings">
      <Stack gap="md">
        <Title order={4}>{t('settings.title')}</Title>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (isAdmin) void submit();
          }}
        >
          <Stack gap="sm">
            <TextInput
              label={t('settings.downloadBase')}
              description={t('settings.downloadBaseHint')}
              placeholder="https://files.example.com/"
              readOnly={!isAdmin}
              data-autofocus
              {...form.text('downloadBase')}
              data-testid="settings-download-base"
            />
            <Checkbox label={t('settings.languageSwitch')} disabled={!isAdmin} {...form.checkbox('languageSwitch')} data-testid="settings-language-switch" />
            {isAdmin ? (
              <Group justify="flex-end" gap="xs">
                <Button variant="default" leftSection={<IconRestore size={16} />} disabled={!form.dirty} onClick={() => form.reset(valuesOf(config.data))} data-testid="settings-reset">
                  {t('common:reset')}
                </Button>
                <FormSaveButton form={form} label={t('settings.save')} testId="settings-save" />
              </Group>
            ) : (
              <Text size="sm" c="dimmed" data-testid="settings-admin-only">{t('settings.adminOnly')}</Text>
            )}
          </Stack>
        </form>
        <Stack gap={4}>
          <Text size="sm" fw={500}>{t('settings.language')}</Text>
          <SegmentedControl
            w="fit-content"
            value={language}
            onChange={(v) => void applyLanguage(v as Language)}
            data={(Object.keys(LANGUAGE_LABELS) as Language[]).map((l) => ({ value: l, label: LANGUAGE_LABELS[l] }))}
            data-testid="settings-language"
          />
        </Stack>
      </Stack>
    </Card>
  );
}
