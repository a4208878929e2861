/**
 * Entry of the grid-kit page (kit.html, a second Vite input): Mantine with the product theme,
 * i18n (language from `?lang=`, else the saved preference or the browser), notifications for
 * paste reports, then the kit page.
 */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { initI18n } from '../i18n';
import { theme } from '../theme';
import { KitPage } from './kit-page';

const requested = new URLSearchParams(window.location.search).get('lang');
const i18n = initI18n(requested === 'zh_CN' || requested === 'en_US' ? requested : undefined);
document.documentElement.lang = i18n.language === 'en_US' ? 'en-US' : 'zh-CN';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <Notifications position="top-right" limit={4} />
      <KitPage />
    </MantineProvider>
  </StrictMode>,
);
