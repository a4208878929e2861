/**
 * The specs share one demo database. A spec that changes shared demo state (the admin's language,
 * the main ledger set, trial ledger sets and account years, the system settings) puts it back in
 * afterAll, also after a failure half-way, so the next spec starts from the seed.
 */
import type { APIRequestContext } from '@playwright/test';
import { DEMO_DOWNLOAD_BASE } from '../../src/server/db/demo-settings';

/** Sets the download address of System settings (null: none, Export hidden or disabled). */
export async function setDownloadBase(request: APIRequestContext, downloadBase: string | null): Promise<void> {
  const login = await (await request.post('/api/idm/user/login', { data: { username: 'admin', password: 'admin123' } })).json();
  const headers = { authorization: `Bearer ${login.data.accessToken}` };
  await request.post('/api/system/config', { data: { downloadBase }, headers });
  await request.post('/api/idm/user/logout', { headers });
}

export async function restoreDemoState(request: APIRequestContext): Promise<void> {
  const login = await (await request.post('/api/idm/user/login', { data: { username: 'admin', password: 'admin123' } })).json();
  if (!login.success) return;
  const headers = { authorization: `Bearer ${login.data.accessToken}` };
  await request.post('/api/idm/user/language', { data: { language: 'zh_CN' }, headers });
  await request.delete('/api/system/shortcut', { headers });
  await request.post('/api/system/config', { data: { downloadBase: DEMO_DOWNLOAD_BASE, languageSwitch: true }, headers });
  const accounts = await (await request.get('/api/account', { params: { filter: JSON.stringify({ companyId: 1 }), limit: 100 }, headers })).json();
  for (const a of (accounts.data?.content ?? []) as { id: number; name: string; main: number }[]) {
    if (a.id !== 1 && a.name.startsWith('E2E')) await request.delete(`/api/account/${a.id}`, { headers });
  }
  await request.post('/api/account/1/main', { headers });
  const years = await (await request.get('/api/account/year', { params: { accountId: 1 }, headers })).json();
  for (const y of (years.data?.content ?? []) as { id: number; year: number }[]) {
    if (y.year > 2026) await request.delete(`/api/account/year/${y.id}`, { headers });
  }
  await request.post('/api/idm/user/logout', { headers });
}
