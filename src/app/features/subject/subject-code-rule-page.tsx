/**
 * /basic/subjectCodeRule: the current account year's subject code rule — one length per level
 * (at most 15 levels, 40 digits in all, 1–10 per level). Levels that subjects already use keep
 * their lengths (the server refuses a rule that would move an existing code to another level).
 * Keyboard: Tab through the lengths, Enter saves. Changed lengths are kept with the tab (the tab
 * shows them unsaved and asks before it closes).
 */
import { useMemo, useRef } from 'react';
import { Alert, Button, Card, Group, Loader, NumberInput, Stack, Text, Title } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RIGHTS } from '../../../domain/rights';
import { codeRuleProblem, SUBJECT_CODE_MAX_LEVEL_LENGTH, SUBJECT_CODE_MAX_LEVELS, SUBJECT_CODE_MAX_TOTAL } from '../../../domain/subject-code';
import { useHasRight, useScope } from '../../session/store';
import { codeRuleOptions, useSaveCodeRule } from '../../queries/subjects';
import { useTabState } from '../../shell/tab-state';
import { useTabDirty } from '../../shell/use-tab-dirty';

/** "1001-01-01" for [4,2,2]. */
const exampleOf = (lengths: number[]) => lengths.map((n, i) => (i === 0 ? '1'.padEnd(n, '0').slice(0, n - 1) + '1' : '1'.padStart(n, '0'))).join('-');

export function SubjectCodeRulePage() {
  const { t } = useTranslation(['subject', 'shell', 'errors', 'common']);
  const { accountYearId } = useScope();
  const canEdit = useHasRight(RIGHTS.BASIC_FINANCE);
  const rule = useQuery(codeRuleOptions(accountYearId));
  const save = useSaveCodeRule(accountYearId);
  // The lengths the user changed (null while unchanged: the server's rule shows), kept with the tab
  // per account year so they survive a visit to another tab; a refetch (after a save, or on focus)
  // does not replace them. A save of what is shown makes the form follow the server again.
  const [draft, setDraft] = useTabState<number[] | null>(accountYearId ? `codeRule:${accountYearId}` : null, () => null);
  const serverLengths = useMemo(() => rule.data?.levels.map((l) => l.length) ?? [], [rule.data]);
  const lengths = draft ?? serverLengths;
  const formRef = useRef<HTMLFormElement>(null);
  const lengthsNow = useRef(lengths);
  lengthsNow.current = lengths;
  const edit = (change: (ls: number[]) => number[]) => setDraft((d) => change(d ?? serverLengths));
  const dirty = canEdit && draft !== null && !sameLengths(draft, serverLengths);
  useTabDirty(dirty, undefined, { kept: true });

  if (!accountYearId) return <Text c="dimmed">{t('shell:banner.accountYear')}</Text>;
  // Nothing to edit until the rule is there: the buttons alone would take the arrival focus (Add
  // level) before the first editable level's field (data-autofocus) exists.
  if (rule.isPending) return <Loader size="sm" />;
  const usedLevel = rule.data?.usedLevel ?? 0;
  const total = lengths.reduce((a, b) => a + b, 0);
  const problem = codeRuleProblem(lengths);
  const submit = () => {
    if (problem || !canEdit) return;
    const saved = lengths;
    save.mutate(saved, {
      onSuccess: () => {
        // Clean again unless the user changed something while the save ran.
        if (sameLengths(lengthsNow.current, saved)) setDraft(null);
      },
    });
  };

  return (
    <Card withBorder padding="md" maw={560}>
      <form
        ref={formRef}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Title order={4}>{t('rule.title')}</Title>
          <Text size="sm" c="dimmed">{t('rule.limits')}</Text>
          {usedLevel > 0 && <Alert color="blue" variant="light" p="xs">{usedLevel === 1 ? t('rule.usedLevelOne') : t('rule.usedLevel', { level: usedLevel })}</Alert>}
          {lengths.map((n, i) => (
            <Group key={i} gap="sm">
              <Text w={90} size="sm">{t('rule.level', { level: i + 1 })}</Text>
              <NumberInput
                aria-label={`${t('rule.level', { level: i + 1 })} ${t('rule.length')}`}
                w={120}
                min={1}
                max={SUBJECT_CODE_MAX_LEVEL_LENGTH}
                clampBehavior="strict"
                allowDecimal={false}
                value={n}
                disabled={!canEdit || i < usedLevel}
                onChange={(v) => edit((ls) => ls.map((x, j) => (j === i ? Number(v) || 0 : x)))}
                data-autofocus={i === usedLevel || undefined}
                data-testid={`rule-length-${i + 1}`}
              />
            </Group>
          ))}
          <Text size="sm" c={total > SUBJECT_CODE_MAX_TOTAL ? 'red' : 'dimmed'} data-testid="rule-total">
            {t('rule.total', { total, max: SUBJECT_CODE_MAX_TOTAL })} · {t('rule.example', { example: exampleOf(lengths.filter((x) => x > 0)) })}
          </Text>
          {problem && lengths.length > 0 && <Text size="sm" c="red">{t('errors:SUBJECT_CODE_RULE_INVALID')}</Text>}
          {canEdit && (
            <Group gap="sm">
              <Button variant="default" disabled={lengths.length >= SUBJECT_CODE_MAX_LEVELS} onClick={() => edit((ls) => [...ls, 2])} data-testid="rule-add">
                {t('rule.addLevel')}
              </Button>
              <Button variant="default" disabled={lengths.length <= Math.max(1, usedLevel)} onClick={() => edit((ls) => ls.slice(0, -1))} data-testid="rule-remove">
                {t('rule.removeLevel')}
              </Button>
              <Button variant="default" leftSection={<IconRestore size={16} />} disabled={!dirty} onClick={() => {
                  setDraft(null);
                  // The button disables itself: the caret goes back to the first level that may change.
                  requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus());
                }} data-testid="rule-reset">
                {t('common:reset')}
              </Button>
              <Button type="submit" disabled={!!problem} loading={save.isPending} data-testid="rule-save">
                {t('rule.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}

const sameLengths = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x, i) => x === b[i]);
