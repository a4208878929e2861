/** Applies a drill-down carried in the address (?drill=…) to a screen's tab state, once per link. */
import { useEffect, useRef } from 'react';
import { useSearch } from '@tanstack/react-router';
import { parseDrill, type Drill } from './aux-ledger-model';

export function useDrill(apply: (d: Drill) => void): void {
  const search = useSearch({ strict: false }) as { drill?: unknown };
  const raw = typeof search.drill === 'string' ? search.drill : search.drill === undefined ? undefined : JSON.stringify(search.drill);
  const applied = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (raw === undefined || applied.current === raw) return;
    applied.current = raw;
    const d = parseDrill(raw);
    if (d) apply(d);
  }, [raw, apply]);
}
