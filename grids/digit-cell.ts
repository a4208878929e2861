/**
 * The one digit-cell renderer: an amount in 11 ledger columns (亿 … 分) drawn with plain spans.
 * It is a vanilla AG Grid component, not a React one: the spans are created once per cell and a
 * refresh only rewrites their text, so 20 rows × 2 amount columns paint well inside one frame.
 * Negatives are red, zero is blank, an amount wider than the columns shows as formatted text.
 */
import type { ICellRendererComp, ICellRendererParams } from 'ag-grid-community';
import { formatCents } from '../src/domain/money';
import { DIGIT_SLOT_COUNT, SLOT_RULES, digitSlots } from './digit-slots';

/** Builds the 11 ruled slots (shared with the header so the rules line up). */
export function createDigitSlots(doc: Document): { root: HTMLDivElement; slots: HTMLSpanElement[] } {
  const root = doc.createElement('div');
  root.className = 'ld-digits';
  const slots: HTMLSpanElement[] = [];
  for (let i = 0; i < DIGIT_SLOT_COUNT; i++) {
    const span = doc.createElement('span');
    span.className = `ld-digit ld-rule-${SLOT_RULES[i]}`;
    root.appendChild(span);
    slots.push(span);
  }
  return { root, slots };
}

export class DigitCellRenderer implements ICellRendererComp {
  private root!: HTMLDivElement;
  private slots: HTMLSpanElement[] = [];
  private overflowText: HTMLSpanElement | null = null;
  private shown: number | null | undefined = undefined;

  init(params: ICellRendererParams): void {
    const built = createDigitSlots(params.eGridCell?.ownerDocument ?? document);
    this.root = built.root;
    this.slots = built.slots;
    this.show(params.value);
  }

  getGui(): HTMLElement {
    return this.root;
  }

  refresh(params: ICellRendererParams): boolean {
    this.show(params.value);
    return true;
  }

  private show(value: unknown): void {
    const cents = typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
    if (cents === this.shown) return;
    this.shown = cents;
    const { digits, negative, overflow } = digitSlots(cents);
    for (let i = 0; i < DIGIT_SLOT_COUNT; i++) {
      if (this.slots[i].textContent !== digits[i]) this.slots[i].textContent = digits[i];
    }
    this.root.classList.toggle('ld-digits--negative', negative);
    this.root.classList.toggle('ld-digits--overflow', overflow);
    if (overflow && cents !== null) {
      if (!this.overflowText) {
        this.overflowText = this.root.ownerDocument.createElement('span');
        this.overflowText.className = 'ld-digits__overflow';
        this.root.appendChild(this.overflowText);
      }
      this.overflowText.textContent = formatCents(cents);
    }
    if (cents === null) {
      this.root.removeAttribute('aria-label');
      this.root.removeAttribute('data-cents');
    } else {
      this.root.setAttribute('aria-label', formatCents(cents));
      this.root.setAttribute('data-cents', String(cents));
    }
  }
}
