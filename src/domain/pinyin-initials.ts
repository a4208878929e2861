/**
 * The one definition of a name's pinyin initials ("北京科技有限公司" → "bjkjyxgs"), the short key
 * Chinese clerks type to find a record: the browser computes them for subjects and pick lists
 * (grids/pinyin-initials.ts, pinyin-pro loaded in its own chunk), the server stores them for the
 * master data its keyword search reads (src/server/db/name-initials.ts). Both pass pinyin-pro's
 * `pinyin` here, so the two never read a name differently.
 */
import type { pinyin as PinyinOf } from 'pinyin-pro';

/** The initials of a text's Chinese characters, lower case; null when it has none. */
export type InitialsOf = (text: string) => string | null;

const HAS_HAN = /\p{Script=Han}/u;

/** The initials function over pinyin-pro's `pinyin` (other characters are left out: "诉讼组 Litigation" → "ssz"). */
export function initialsWith(pinyin: typeof PinyinOf): InitialsOf {
  return (text) => {
    if (!HAS_HAN.test(text)) return null;
    return pinyin(text, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'removed' }).join('').toLowerCase() || null;
  };
}
