/**
 * Firm-wide searches (spec 01 §2 /retrieval/query, right 9): the conflict-of-interest check a
 * law firm runs before it takes a matter. One name (or a piece of it) is looked up in every
 * company where the caller holds the right: as a client (a customer, and the cases acting for it),
 * and as the opposing party, plaintiff or defendant of a case. Decision 050.
 */
import { z } from 'zod';
import { RIGHTS } from '../domain/rights';
import { defineRoute } from './route';

/** At most this many hits are answered (the most recent cases first); `truncated` says more matched. */
export const CONFLICT_HIT_LIMIT = 200;

export const conflictQuery = z.object({
  /** The party's name or a piece of it: 2 characters at least (a Chinese surname and given name). */
  keyword: z.string().trim().min(2).max(50),
});
export type ConflictQuery = z.output<typeof conflictQuery>;

export const conflictRoles = ['CLIENT', 'OPPOSING', 'PLAINTIFF', 'DEFENDANT', 'CUSTOMER'] as const;
export type ConflictRole = (typeof conflictRoles)[number];

export const conflictHitDto = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  /** How the name appears: a client of the case, its opposing party, plaintiff or defendant, or a customer without a case. */
  role: z.enum(conflictRoles),
  /** The name as recorded (the customer's name, or the case's party field). */
  matched: z.string(),
  customerId: z.number().int().nullable(),
  customerCode: z.string().nullable(),
  projectId: z.number().int().nullable(),
  projectCode: z.string().nullable(),
  projectName: z.string().nullable(),
  projectKind: z.string().nullable(),
  /** The case's directors (principals), in their order (empty without a case). */
  principals: z.array(z.string()),
  department: z.string().nullable(),
  disabled: z.boolean(),
  createdAt: z.string().nullable(),
});
export type ConflictHitDto = z.infer<typeof conflictHitDto>;

export const conflictDto = z.object({ keyword: z.string(), hits: z.array(conflictHitDto), truncated: z.boolean() });
export type ConflictDto = z.infer<typeof conflictDto>;


export const retrievalApi = {
  conflict: defineRoute({ method: 'GET', path: '/retrieval/conflict', query: conflictQuery, answer: conflictDto, access: { right: RIGHTS.RETRIEVAL, scope: 'company' }, tags: ['retrieval'] }),
};
