/**
 * The kit page's fixed subject catalogue: a handful of subjects, two of which need a department
 * and one a customer as auxiliary item, with names from locales/<lang>/grid.json. The real voucher
 * editor reads the account year's subjects from the API instead.
 */
import type { TFunction } from 'i18next';
import { matchLookup, type LookupOption } from '../../../grids/lookup-match';
import type { VoucherKitCatalog } from '../../../grids/voucher-kit.columns';

type AuxKind = 'department' | 'customer';

const SUBJECTS: readonly { code: string; aux: AuxKind | null }[] = [
  { code: '1001', aux: null },
  { code: '1002', aux: null },
  { code: '1122', aux: 'customer' },
  { code: '2202', aux: null },
  { code: '2221', aux: null },
  { code: '6001', aux: null },
  { code: '6601', aux: 'department' },
  { code: '6602', aux: 'department' },
];

const AUX_CODES: Record<AuxKind, readonly string[]> = {
  department: ['D01', 'D02', 'D03'],
  customer: ['C01', 'C02'],
};

const AUX_LOCALE: Record<AuxKind, string> = { department: 'departments', customer: 'customers' };

export interface KitCatalog {
  lookups: VoucherKitCatalog;
  subjectOptions: LookupOption[];
  auxOptions: (subjectId: string | null) => LookupOption[];
}

/** Subject ids are `s<code>`, auxiliary ids `<kind>:<code>`. */
export function createKitCatalog(t: TFunction): KitCatalog {
  const subjectOptions: LookupOption[] = SUBJECTS.map((s) => ({ value: `s${s.code}`, code: s.code, name: t(`grid:kit.subjects.${s.code}`) }));
  const auxKindOf = (subjectId: string | null): AuxKind | null => SUBJECTS.find((s) => `s${s.code}` === subjectId)?.aux ?? null;
  const auxOptions = (subjectId: string | null): LookupOption[] => {
    const kind = auxKindOf(subjectId);
    return kind ? AUX_CODES[kind].map((code) => ({ value: `${kind}:${code}`, code, name: t(`grid:kit.${AUX_LOCALE[kind]}.${code}`) })) : [];
  };
  return {
    subjectOptions,
    auxOptions,
    lookups: {
      subjectLabel: (id) => {
        const s = subjectOptions.find((o) => o.value === id);
        return s ? `${s.code} ${s.name}` : '';
      },
      resolveSubject: (text) => matchLookup(text, subjectOptions),
      subjectHasAux: (id) => auxKindOf(id) !== null,
      auxLabel: (subjectId, auxId) => auxOptions(subjectId).find((o) => o.value === auxId)?.name ?? '',
      resolveAux: (subjectId, text) => matchLookup(text, auxOptions(subjectId)),
    },
  };
}
