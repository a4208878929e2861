/** Route-level access declarations: every /api route states the right it needs and the scope it touches. */
import type { Access } from '../auth/access';
import type { Language } from '../../domain/enums';
import type { Db } from '../db/client';
import type { TrustProxy } from './trust-proxy';
import type { JobRunner } from '../jobs/runner';
import type { AccessRule, Scope } from '../../contract/route';
import type { AnswerMismatch } from './answer-serializer';

export type { AccessRule, Scope };

export interface AppOptions {
  db: Db;
  dbKind: 'pglite' | 'postgres';
  /** Serve the built SPA from this folder (dist/app) when present. */
  staticDir?: string;
  logger?: boolean;
  loginRateLimitMax?: number;
  /** Proxies trusted to set X-Forwarded-For (TRUST_PROXY): a hop count or addresses; off when absent. */
  trustProxy?: TrustProxy;
  idleTimeoutMs?: number;
  /** Secret for signed file URLs; generated per process when absent. */
  fileSecret?: string;
  /** A pause between the steps of a background export (EXPORT_STEP_DELAY_MS), so its progress can be watched; 0 by default. */
  exportStepDelayMs?: number;
  /**
   * Tests only: check every answer against its zod schema (and the fast copier against zod), and
   * report a mismatch here; the answer then fails with 500. Off in production (http/answer-serializer.ts).
   */
  checkAnswers?: (mismatch: AnswerMismatch) => void;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
    /** Set by http/route.ts: the route was registered from its contract declaration. */
    contract?: boolean;
  }
  interface FastifyRequest {
    access: Access;
    lang: Language;
  }
  interface FastifyInstance {
    db: Db;
    opts: AppOptions;
    /** Background jobs of this process (exports); closing the app waits for them. */
    jobs: JobRunner;
    /** Every /api route with its declared access rule (the rights-matrix test walks this list). */
    declaredRoutes: Array<{ method: string; url: string; access: AccessRule }>;
  }
}
