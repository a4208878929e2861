/**
 * Codes and numbers a user types (a customer's, an employee's, a bank account's code, an invoice
 * number) name one record whatever the case of their letters: C001 and c001 are the same customer,
 * as they are in Kingdee and Yonyou (their databases compare text case-insensitively). The unique
 * indexes are on lower(code) (migration 0041); duplicate checks and look-ups by code use sameCode,
 * imports key their rows with codeKey (src/domain/half-width.ts). The code is stored as typed.
 */
import { sql, type SQL, type Column } from 'drizzle-orm';

/** The column holds this code, whatever the case of either. */
export const sameCode = (column: Column | SQL, code: string): SQL => sql`lower(${column}) = lower(${code})`;
