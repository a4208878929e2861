/** Database access for export tasks: no rules here (see service.ts). */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exportTasks } from '../../db/schema';
import type { ExportKind } from '../../../domain/enums';
import type { ResultCode } from '../../../domain/result-codes';

export type ExportTaskRow = typeof exportTasks.$inferSelect;

export async function insertTask(db: Db, v: { token: string; companyId: number; kind: ExportKind; createdBy: number }): Promise<ExportTaskRow> {
  const [r] = await db.insert(exportTasks).values({ ...v, state: 'RUNNING', progress: 0 }).returning();
  return r;
}

export async function findTaskByToken(db: Db, token: string): Promise<ExportTaskRow | undefined> {
  const [r] = await db.select().from(exportTasks).where(eq(exportTasks.token, token)).limit(1);
  return r;
}

/** Moves a running task's progress forward (never back, never past 99: 100 is set by finishing). */
export async function setProgress(db: Db, id: number, progress: number): Promise<void> {
  const p = Math.max(0, Math.min(99, Math.round(progress)));
  await db.update(exportTasks).set({ progress: sql`greatest(${exportTasks.progress}, ${p})` }).where(sql`${exportTasks.id} = ${id} and ${exportTasks.state} = 'RUNNING'`);
}

export async function finishTask(db: Db, id: number, resultFileId: number): Promise<void> {
  await db.update(exportTasks).set({ state: 'FINISHED', progress: 100, resultFileId, finishedAt: sql`now()` }).where(sql`${exportTasks.id} = ${id} and ${exportTasks.state} = 'RUNNING'`);
}

export async function failTask(db: Db, id: number, error: ResultCode): Promise<void> {
  await db.update(exportTasks).set({ state: 'FAILED', error, finishedAt: sql`now()` }).where(sql`${exportTasks.id} = ${id} and ${exportTasks.state} = 'RUNNING'`);
}

/** Start-up: every task still RUNNING belongs to a process that is gone; marks them FAILED. Answers how many. */
export async function failRunningTasks(db: Db): Promise<number> {
  const r = await db.update(exportTasks).set({ state: 'FAILED', error: 'EXPORT_INTERRUPTED', finishedAt: sql`now()` }).where(eq(exportTasks.state, 'RUNNING')).returning({ id: exportTasks.id });
  return r.length;
}
