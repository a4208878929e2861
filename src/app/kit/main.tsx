/**
 * Entry of the grid-kit page (kit.html, a second Vite input): Mantine with the product theme,
 * i18n (language from `?lang=`, else the saved preference or the browser), notifications for
 * paste reports, then the kit page. The page and the notifications load after the entry (lazy), so
 * this entry's own code is the product's boot code and nothing more (vite.config.ts: the 'boot' chunk
 * is what the entries load first, the sign-in page's budget).
 */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { initI18n } from '../i18n';
import { theme } from '../theme';

const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));
const KitPage = lazy(() => import('./kit-page').then((m) => ({ default: m.KitPage })));

const requested = new URLSearchParams(window.location.search).get('lang');
const i18n = initI18n(requested === 'zh_CN' || requested === 'en_US' ? requested : undefined);
document.documentElement.lang = i18n.language === 'en_US' ? 'en-US' : 'zh-CN';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <Suspense fallback={null}>
        <Notifications position="top-right" limit={4} />
        <KitPage />
      </Suspense>
    </MantineProvider>
  </StrictMode>,
);
