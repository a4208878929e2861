/**
 * The one digit-cell renderer: an amount in 11 ledger columns (亿 … 分). It is a vanilla AG Grid
 * component, not a React one, and a cell is one element holding one run of text: the columns'
 * rules are the element's background (drawn at the same whole-pixel offsets as the header's
 * ruled unit labels, see entry-grid.css) and each digit is spaced to one column's width, so a
 * sheet of 20 rows × 2 amount columns is 40 elements to style, lay out and paint after every
 * focus move rather than 480 (the eleven boxes per cell this replaced). A refresh rewrites one
 * text node and one custom property. Negatives are red, zero is blank, an amount wider than the
 * columns shows as formatted text.
 */
import type { ICellRendererComp, ICellRendererParams } from 'ag-grid-community';
import { formatCents } from '../src/domain/money';
import { digitRun, digitSlots } from './digit-slots';

export class DigitCellRenderer implements ICellRendererComp {
  private root!: HTMLDivElement;
  private text!: Text;
  private overflowText: HTMLSpanElement | null = null;
  private shown: number | null | undefined = undefined;

  init(params: ICellRendererParams): void {
    const doc = params.eGridCell?.ownerDocument ?? document;
    this.root = doc.createElement('div');
    this.root.className = 'ld-digits';
    this.text = doc.createTextNode('');
    this.root.appendChild(this.text);
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
    const { text, lead } = digitRun(digits);
    if (this.text.data !== text) this.text.data = text;
    this.root.style.setProperty('--ld-lead', String(lead));
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
