/**
 * Sign-in (spec 01 §2, §4, §8): username, password, and after 3 failed attempts a captcha image
 * with its input; a language choice. Goes to the `redirect` search parameter (local paths only)
 * or home. Failure messages come from the server in the chosen language.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Anchor, Box, Button, Center, Group, Image, Paper, PasswordInput, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { ApiError } from '../../api/client';
import type { Language } from '../../../domain/enums';
import { fetchCaptcha, login, saveLanguage, systemConfigQueryOptions } from '../../queries/session';
import { safeRedirect } from '../../routes/access';
import { useSession } from '../../session/store';
import { applyLanguage, signIn } from '../../shell/session-actions';

export function LoginPage() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { redirect?: string };
  const language = useSession((s) => s.language);
  const config = useQuery(systemConfigQueryOptions());
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [captchaImage, setCaptchaImage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ username?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);
  const [languageChosen, setLanguageChosen] = useState(false);

  useEffect(() => {
    document.title = `${t('auth:signIn')} - ${t('common:appName')}`;
  }, [t, language]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs = {
      username: username.trim() ? undefined : t('auth:usernameRequired'),
      password: password ? undefined : t('auth:passwordRequired'),
    };
    setFieldErrors(errs);
    if (errs.username || errs.password) return;
    setBusy(true);
    setError(null);
    try {
      setCheckedName(username.trim());
      const answer = await login({ username: username.trim(), password, captcha: captchaImage && captcha.trim() ? captcha.trim() : undefined });
      signIn(answer);
      // The language chosen here is the user's preference; else the saved one is adopted.
      if (languageChosen) await saveLanguage(language).catch(() => undefined);
      else if (answer.user.language && answer.user.language !== language) await applyLanguage(answer.user.language, false);
      await navigate({ href: safeRedirect(search.redirect), replace: true });
    } catch (err) {
      const apiError = err instanceof ApiError ? err : null;
      setError(apiError?.message || t('common:operationFailed'));
      // Appendix of a failed sign-in: {captchaRequired, captcha}. Read by hand to keep zod out of this chunk.
      const appendix = apiError?.appendix as { captchaRequired?: boolean; captcha?: string | null } | undefined;
      if (appendix?.captchaRequired && appendix.captcha) setCaptchaImage(appendix.captcha);
      setCaptcha('');
      setPassword('');
    } finally {
      setBusy(false);
    }
  };

  // The captcha is per username: when another name is typed, ask whether that one needs it.
  const [checkedName, setCheckedName] = useState('');
  const checkCaptcha = async () => {
    const name = username.trim();
    if (!name || name === checkedName) return;
    setCheckedName(name);
    if (!captchaImage && !error) return; // nothing failed yet in this form
    const answer = await fetchCaptcha(name).catch(() => null);
    if (answer) {
      setCaptchaImage(answer.captchaRequired ? answer.captcha : null);
      setCaptcha('');
    }
  };

  const refreshCaptcha = async () => {
    const answer = await fetchCaptcha(username.trim()).catch(() => null);
    if (answer?.captcha) setCaptchaImage(answer.captcha);
  };

  const chooseLanguage = (value: string) => {
    setLanguageChosen(true);
    void applyLanguage(value as Language, false);
  };

  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={380} maw="100%">
        <form onSubmit={submit} noValidate aria-label={t('auth:title')}>
          <Stack gap="md">
            <Box>
              <Title order={2} c="blue.7">{t('common:appName')}</Title>
              <Text c="dimmed" size="sm">{t('auth:subtitle')}</Text>
            </Box>
            {error && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="login-error">
                {error}
              </Alert>
            )}
            <TextInput
              label={t('auth:username')}
              name="username"
              autoComplete="username"
              autoFocus
              value={username}
              onChange={(e) => setUsername(e.currentTarget.value)}
              onBlur={() => void checkCaptcha()}
              error={fieldErrors.username}
            />
            <PasswordInput
              label={t('auth:password')}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={fieldErrors.password}
            />
            {captchaImage && (
              <Stack gap={4}>
                <Group align="flex-end" gap="xs" wrap="nowrap">
                  <TextInput
                    label={t('auth:captcha')}
                    name="captcha"
                    autoComplete="off"
                    style={{ flex: 1 }}
                    value={captcha}
                    onChange={(e) => setCaptcha(e.currentTarget.value)}
                  />
                  <Image src={captchaImage} alt={t('auth:captchaImage')} h={36} w={110} fit="contain" radius="sm" bg="white" style={{ border: '1px solid var(--mantine-color-gray-4)' }} data-testid="captcha-image" />
                </Group>
                <Anchor component="button" type="button" size="xs" onClick={refreshCaptcha}>
                  <Group gap={4}><IconRefresh size={12} />{t('auth:refreshCaptcha')}</Group>
                </Anchor>
              </Stack>
            )}
            <Button type="submit" loading={busy} fullWidth>
              {t('auth:signIn')}
            </Button>
            {config.data?.languageSwitch !== false && (
              <SegmentedControl
                size="xs"
                aria-label={t('auth:language')}
                value={language}
                onChange={chooseLanguage}
                data={[
                  { value: 'zh_CN', label: '中文' },
                  { value: 'en_US', label: 'English' },
                ]}
              />
            )}
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
