/** Voucher kind, code rule and currency rows → contract DTOs (the one place they are mapped). */
import type { CurrencyDto, VoucherCodeRuleDto, VoucherKindDto } from '../../../contract/finance-settings';
import { normalizeRate } from '../../../domain/finance-settings';
import type { currencies, voucherCodeRules, voucherKinds } from '../../db/schema';

export type VoucherKindRow = typeof voucherKinds.$inferSelect;
export type VoucherCodeRuleRow = typeof voucherCodeRules.$inferSelect;
export type CurrencyRow = typeof currencies.$inferSelect;

export const voucherKindDto = (k: VoucherKindRow): VoucherKindDto => ({ id: k.id, accountId: k.accountId, name: k.name, nameEn: k.nameEn, isDefault: k.isDefault, sort: k.sort, version: k.version });

export const voucherCodeRuleDto = (r: Pick<VoucherCodeRuleRow, 'accountId' | 'length' | 'version'>): VoucherCodeRuleDto => ({ accountId: r.accountId, length: r.length, version: r.version });

/** numeric(18,6) comes back as "7.100000": answered canonical ("7.1"). */
export const currencyDto = (c: CurrencyRow): CurrencyDto => ({ id: c.id, companyId: c.companyId, code: c.code, name: c.name, rate: normalizeRate(c.rate) ?? c.rate, base: c.base, disabled: c.disabled, version: c.version });
