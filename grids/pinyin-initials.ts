/**
 * Pinyin initials of Chinese names ("银行存款" → "yhck"), so lookups are found by them in the cells
 * and in every pick list (lookup-match.ts), read as the server reads them (src/domain/pinyin-initials.ts).
 * pinyin-pro is loaded on first use (its own chunk);
 * until it has loaded, or where it cannot, options simply have no initials.
 */
import { useEffect, useState } from 'react';
import { initialsWith, type InitialsOf } from '../src/domain/pinyin-initials';
import type { LookupOption } from './lookup-match';

export type { InitialsOf };

let loaded: InitialsOf | null = null;
let loading: Promise<InitialsOf | null> | null = null;

/** Loads pinyin-pro once; resolves null when it cannot be loaded. */
export function loadPinyinInitials(): Promise<InitialsOf | null> {
  loading ??= import('pinyin-pro')
    .then(({ pinyin }) => {
      const initialsOf = initialsWith(pinyin);
      const memo = new Map<string, string | null>();
      loaded = (text) => {
        let hit = memo.get(text);
        if (hit === undefined) {
          hit = initialsOf(text);
          if (memo.size > 20_000) memo.clear();
          memo.set(text, hit);
        }
        return hit;
      };
      return loaded;
    })
    .catch(() => null);
  return loading;
}

/**
 * The initials function once loaded (null until then); loading starts with the first render that
 * asks for it (`wanted`: a picker that is open), so a page that never searches never loads it.
 */
export function usePinyinInitials(wanted = true): InitialsOf | null {
  const [fn, setFn] = useState<InitialsOf | null>(() => loaded);
  useEffect(() => {
    if (fn || !wanted) return;
    let live = true;
    void loadPinyinInitials().then((f) => {
      if (live && f) setFn(() => f);
    });
    return () => {
      live = false;
    };
  }, [fn, wanted]);
  return fn;
}

/**
 * The options with the pinyin initials of their Chinese names (the shown one and its aliases)
 * added; an option that already carries initials (a subject's, from its catalogue) keeps them.
 */
export function withInitials<T extends LookupOption>(options: readonly T[], initialsOf: InitialsOf): T[] {
  return options.map((o) => {
    if (o.initials?.length) return o;
    const found: string[] = [];
    for (const name of [o.name, ...(o.aliases ?? [])]) {
      const i = initialsOf(name);
      if (i && !found.includes(i)) found.push(i);
    }
    return found.length ? { ...o, initials: found } : o;
  });
}
