/**
 * Keeps an uncontrolled cell editor's typing to itself. React answers every `input` (and `change`)
 * event of an input it drew, controlled or not, by restoring the input's state: it sets and
 * removes the input's `name` attribute, two changes to the page per key that restyle the input
 * and cost the editor a frame of work that a plain input does not have (the voucher editor's
 * keystroke benchmark, docs/benchmarks.md). The kit's editors read their text from the input and
 * listen to it themselves, and nothing above them handles these events, so the events stop at the
 * input. Answers the function that undoes it.
 */
const STOPPED = ['input', 'change'] as const;

const stop = (e: Event) => e.stopPropagation();

export function keepTypingInEditor(input: HTMLInputElement): () => void {
  for (const type of STOPPED) input.addEventListener(type, stop);
  return () => {
    for (const type of STOPPED) input.removeEventListener(type, stop);
  };
}
