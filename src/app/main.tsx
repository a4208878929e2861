/**
 * SPA entry: styles, i18n, the refresh rule of spec 01 §2 (after an application refresh every
 * path but /login and /common goes home and the tabs close; first visits and deep links keep
 * their path), then the app.
 */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n';
import { bootPath } from './routes/access';
import { sessionStore } from './session/store';
import { tabsStore } from './shell/tabs-store';
import { watchDialogFocus } from './shell/dialog-focus';
import { watchBusyFocus } from './shell/busy-focus';
import { App } from './app';

const language = sessionStore.getState().language;
initI18n(language);
document.documentElement.lang = language === 'zh_CN' ? 'zh-CN' : 'en-US';

const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
const boot = bootPath(window.location.pathname, navigation?.type === 'reload');
if (boot.closeTabs) tabsStore.clear();
if (boot.path !== window.location.pathname) window.history.replaceState(null, '', boot.path);

// Keys typed right after a dialog opens go into it (shell/dialog-focus.ts).
watchDialogFocus();
watchBusyFocus();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
