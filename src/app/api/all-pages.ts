/**
 * Every record of a list, page after page (spec 01 §9: a page holds at most MAX_PAGE_LIMIT), for the
 * screens that need a whole catalogue (pickers, the voucher editor's subjects and auxiliary values,
 * the subject mapping): a company with more than one page of clients must not lose the rest.
 */
import type { ListAnswer } from '../../contract/common';
import { MAX_PAGE_LIMIT } from '../../domain/constants';

/**
 * Loads every page one after another until the total is reached (spec 02 §4, §7: employee pickers
 * repeat maximum-size pages). Stops on an empty page so a shrinking list cannot loop forever.
 */
export async function loadAllPages<T>(fetchPage: (index: number, size: number) => Promise<ListAnswer<T>>, size = MAX_PAGE_LIMIT): Promise<ListAnswer<T>> {
  const content: T[] = [];
  let total = 0;
  for (let index = 0; ; index += 1) {
    const page = await fetchPage(index, size);
    total = page.total;
    content.push(...page.content);
    if (!page.content.length || content.length >= total) break;
  }
  return { content, total: Math.max(total, content.length) };
}
