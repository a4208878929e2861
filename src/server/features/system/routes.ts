/** /health, /system/config, /system/userData (saved query filters and column widths, per user) and /system/shortcut (common functions). */
import type { FastifyInstance } from 'fastify';
import { systemApi } from '../../../contract/system';
import { idsOfDeleteQuery } from '../../../contract/common';
import { DomainError } from '../../../domain/result-codes';
import { handle } from '../../http/route';
import { ok, okList } from '../../http/reply';
import { API_VERSION } from '../../api-version';
import { createUserData, deleteUserData, findUserData, listUserData, readConfig, readShortcuts, saveShortcuts, updateUserData, userDataDto, writeConfig } from './queries';

export async function systemRoutes(app: FastifyInstance): Promise<void> {
  handle(app, systemApi.health, async () => ok({ status: 'ok' as const, db: app.opts.dbKind, version: API_VERSION }));

  handle(app, systemApi.config, async () => ok(await readConfig(app.db, API_VERSION)));

  handle(app, systemApi.updateConfig, async (req) => {
    await writeConfig(app.db, req.body);
    return ok(await readConfig(app.db, API_VERSION));
  });

  handle(app, systemApi.userData, async (req) => {
    if (req.query.filter.createdBy !== undefined && req.query.filter.createdBy !== req.access.user.id) throw new DomainError('NO_PERMISSION');
    const { content, total } = await listUserData(app.db, req.access.user.id, req.query);
    return okList(content, total);
  });

  handle(app, systemApi.createUserData, async (req) => ok(userDataDto(await createUserData(app.db, req.access.user.id, req.body))));

  handle(app, systemApi.updateUserData, async (req) => {
    if (!(await findUserData(app.db, req.access.user.id, req.params.id))) throw new DomainError('NO_PERMISSION');
    return ok(userDataDto(await updateUserData(app.db, req.params.id, req.body)));
  });

  handle(app, systemApi.deleteUserData, async (req) => {
    if (!(await findUserData(app.db, req.access.user.id, req.params.id))) throw new DomainError('NO_PERMISSION');
    return ok(await deleteUserData(app.db, req.access.user.id, [req.params.id]));
  });

  // The caller's common functions (/common): their own list, never anyone else's.
  handle(app, systemApi.shortcut, async (req) => ok(await readShortcuts(app.db, req.access.user.id)));
  handle(app, systemApi.saveShortcut, async (req) => ok(await saveShortcuts(app.db, req.access.user.id, req.body.keys)));
  handle(app, systemApi.resetShortcut, async (req) => ok(await saveShortcuts(app.db, req.access.user.id, null)));

  handle(app, systemApi.deleteUserDataMany, async (req) => ok(await deleteUserData(app.db, req.access.user.id, idsOfDeleteQuery(req.query))));
}
