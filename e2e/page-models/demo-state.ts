/**
 * The specs share one demo database. A spec that changes shared demo state (the admin's language,
 * a trial account year) puts it back in afterAll, also after a failure half-way, so the next spec
 * starts from the seed.
 */
import type { APIRequestContext } from '@playwright/test';

export async function restoreDemoState(request: APIRequestContext): Promise<void> {
  const login = await (await request.post('/api/idm/user/login', { data: { username: 'admin', password: 'admin123' } })).json();
  if (!login.success) return;
  const headers = { authorization: `Bearer ${login.data.accessToken}` };
  await request.post('/api/idm/user/language', { data: { language: 'zh_CN' }, headers });
  const years = await (await request.get('/api/account/year', { params: { accountId: 1 }, headers })).json();
  for (const y of (years.data?.content ?? []) as { id: number; year: number }[]) {
    if (y.year > 2026) await request.delete(`/api/account/year/${y.id}`, { headers });
  }
  await request.post('/api/idm/user/logout', { headers });
}
