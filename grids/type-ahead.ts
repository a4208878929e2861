/**
 * Type-ahead: keys typed while a screen or the next voucher is still opening are kept and typed
 * where the caret lands, as desktop ledgers keep them. A clerk presses F12 and types the next
 * summary at once; without this every key typed before the new voucher's caret landed was lost
 * (or went into the header's code field, which the shell focused first).
 *
 * Two ways to hold:
 * - `hold()` (a command that re-seats the caret: save and new, new voucher): every key of the
 *   page is kept until `land()` (the grid put its caret on the first cell) or `drop()` (the save
 *   was refused: those keys were meant for a voucher that did not come).
 * - `arrive()` (the shell, when the address changes): only while the focus is on nothing the user
 *   types into (the page, a button, the old page's menu entry); the first control that gets the
 *   focus (the page's arrival focus, the grid's caret, a field the user chose) takes the keys.
 *
 * Kept: characters, Enter, Tab, Backspace, Delete, arrows, Home/End. Never kept: keys with Ctrl,
 * Alt or Meta, function keys and Escape — they pass, and stop the holding (the user turned to a
 * command: Ctrl+K, F1). A click, a dialog taking the focus, or HOLD_MS without a landing drop
 * what was kept; a hold opened by a save (`holdForSave`) waits for the save's answer instead (up
 * to SAVE_HOLD_MS, then the screen says the keys were dropped), and HOLD_MS counts from the answer. The kept keys are replayed in order, as key events to the focused element (the
 * grid starts editing with the first character, an editor commits with Enter), characters into a
 * text field as typed text; keys typed during the replay queue behind it.
 *
 * A screen's own command (the voucher editor's Ctrl+S, F12, Alt+N…) pressed during a command hold
 * or the replay is kept too, in order with the keys (`holdCommand`, with the screen's `commands`
 * given to `hold()`): a desktop ledger's keyboard buffer. On its turn it goes to the screen that
 * then has the caret (`HELD_COMMAND_EVENT` on the focused element, `onHeldCommand`), which may be
 * another page than the one it was pressed on (a new voucher's first save shows it under its id);
 * the replay waits for the command to finish, and when it re-seats the caret (`hold()` again) the
 * keys after it wait for that landing: they belong to what the command opened.
 *
 * A picker closes (F7's list, the lookup list opened by typing, the voucher's auxiliary popup) and
 * the grid puts the caret back a frame or two later (`holdUntilCaret` in picker-return.ts): the
 * keys typed after the pick or Escape are held as for a command, with `owns` naming the places the
 * hold answers for — the closing picker (a modal whose focus trap still has the focus for a
 * moment: its keys are held, not typed into its query) and the grid (a grid inside a dialog, the
 * auxiliary popup's, takes its replay). A dialog anywhere else keeps its keys as usual A chord
 * pressed then keeps the order too: the screen's commands (Ctrl+S, F12, Alt+↓ — the screen names
 * them with `screenCommands`, the grid does not know them) are held as commands, the grid's own
 * chords (Ctrl+Z, F7, Alt+A …, `keepsChord`) as keys; both act after the keys typed before them.
 *
 * A screen's command that talks to the server and may show another document (stepping, the
 * auditor's F9) runs under `holdDuring`: the same hold from the press on, ended by its outcome
 * (moved: the next document's caret lands the keys; stayed: they go on in place; refused: dropped).
 */

import { DIALOG_SELECTOR, PAGE_REGION_ATTR } from './focus-first-cell';

/** How long held keys wait for a caret before they are dropped. */
export const HOLD_MS = 5000;
/**
 * How long keys held for a save wait for its answer (`holdForSave`): a slow save keeps them until
 * it answers, up to this cap; past it they are dropped and the screen says so (`onExpire`).
 */
export const SAVE_HOLD_MS = 30000;

const KEPT_KEYS = new Set(['Enter', 'Tab', 'Backspace', 'Delete', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);
const DIALOG = DIALOG_SELECTOR;
const PAGE_REGION = `[${PAGE_REGION_ATTR}]`;
const TEXT_INPUT_TYPES = new Set(['text', 'search', 'tel', 'url', 'email', 'password', 'number', '']);

interface HeldKey {
  key: string;
  code: string;
  shiftKey: boolean;
  /** A chord kept in order (`HoldOptions.keepsChord`): its modifiers. */
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}

/** A screen's command kept in order with the keys, by its name on that screen. */
interface HeldCommand {
  command: string;
}

/** Names the screen's command a key is (undefined: not one of its commands). */
export type CommandOf = (e: KeyboardEvent) => string | undefined;

/** Sent to the focused element when a held command's turn comes; the screen that runs it puts its promise in `ran`. */
export const HELD_COMMAND_EVENT = 'ledgerdesk:held-command';
/** Marks the root of a screen that runs held commands. */
const SCREEN_ATTR = 'data-held-commands';
const SCREEN = `[${SCREEN_ATTR}]`;
/** The key → command mapping of each screen that named it (`screenCommands`). */
const screenCommandsByRoot = new WeakMap<Element, CommandOf>();

/**
 * Names the commands of the screen at `root` (its keys, as `hold()` takes them), for holds begun
 * without them: the caret returning from a picker (picker-return.ts) holds the keys for the grid,
 * which does not know its screen's commands; a Ctrl+S or F12 pressed then waits its turn behind
 * the keys typed before it instead of ending the hold. Answers the remover.
 */
export function screenCommands(root: Element, commands: CommandOf): () => void {
  screenCommandsByRoot.set(root, commands);
  return () => {
    if (screenCommandsByRoot.get(root) === commands) screenCommandsByRoot.delete(root);
  };
}

/** The commands of the screen `el` is in (`screenCommands`), if it named them. */
export function screenCommandsOf(el: Element | null | undefined): CommandOf | undefined {
  let node: Element | null | undefined = el;
  while (node) {
    const commands = screenCommandsByRoot.get(node);
    if (commands) return commands;
    node = node.parentElement;
  }
  return undefined;
}
export interface HeldCommandDetail {
  command: string;
  ran?: Promise<unknown>;
}

/**
 * Lets `root` run the commands held for it (when the focus is inside it as their turn comes).
 * Answers the remover.
 */
export function onHeldCommand(root: Element, run: (command: string) => Promise<unknown>): () => void {
  const listener = (e: Event) => {
    const detail = (e as CustomEvent<HeldCommandDetail>).detail;
    if (detail.ran) return;
    detail.ran = run(detail.command);
    e.stopPropagation();
  };
  root.addEventListener(HELD_COMMAND_EVENT, listener);
  root.setAttribute(SCREEN_ATTR, '');
  return () => {
    root.removeEventListener(HELD_COMMAND_EVENT, listener);
    root.removeAttribute(SCREEN_ATTR);
  };
}

export type HoldMode = 'command' | 'arrival';

export interface HoldOptions {
  /**
   * Places the hold answers for although they are in a dialog: the closing picker (its keys are held,
   * not typed into it) and a grid inside a dialog (the replay goes there). Null entries are ignored.
   */
  owns?: ReadonlyArray<Element | null | undefined>;
  /**
   * Chords (Ctrl/Alt/Meta, function keys) this hold keeps in order with the keys, replayed as key
   * events on their turn, instead of letting them pass and end the hold: the grid's own commands
   * (Ctrl+Z, F7, Alt+A …) pressed while the caret returns from a picker. Kept while the hold or its
   * replay lasts.
   */
  keepsChord?: (e: KeyboardEvent) => boolean;
}

/** Whether `el` takes typed text itself (a text field, a text area, editable content). */
export function isTextField(el: Element | null): el is HTMLInputElement | HTMLTextAreaElement | HTMLElement {
  if (!el) return false;
  if (el instanceof HTMLTextAreaElement) return !el.readOnly && !el.disabled;
  if (el instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(el.type) && !el.readOnly && !el.disabled;
  return (el as HTMLElement).isContentEditable === true;
}

/** Whether `el` is where typing goes: a text field or a grid's cell. */
export function isTypingTarget(el: Element | null): boolean {
  return isTextField(el) || !!el?.closest('[role="gridcell"]');
}

/** Whether a key is one type-ahead keeps (not a command chord, a function key or Escape). */
export function isKeptKey(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey' | 'isComposing'>): boolean {
  if (e.ctrlKey || e.altKey || e.metaKey || e.isComposing) return false;
  return e.key.length === 1 || KEPT_KEYS.has(e.key);
}

/** A command chord or key that ends the holding (and passes): anything with Ctrl/Alt/Meta, F-keys, Escape. */
function endsHolding(e: KeyboardEvent): boolean {
  if (['Shift', 'Control', 'Alt', 'Meta', 'CapsLock'].includes(e.key)) return false;
  return e.ctrlKey || e.altKey || e.metaKey || e.key === 'Escape' || /^F\d{1,2}$/.test(e.key);
}

/**
 * Types `text` at the field's caret (replacing its selection), or deletes one character before
 * (`remove` -1) or after (+1) it: the browser's own editing (execCommand: input events, undo) where
 * it has it, else the same through the value and an input event.
 */
function typeInto(doc: Document, el: Element, text: string, remove: -1 | 0 | 1 = 0): void {
  const command = remove === -1 ? 'delete' : remove === 1 ? 'forwardDelete' : 'insertText';
  if (typeof doc.execCommand === 'function' && doc.execCommand(command, false, text)) return;
  if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) return;
  // A field without a text selection (type=number) takes the text at its end.
  const hasSelection = el.selectionStart !== null;
  let start = el.selectionStart ?? el.value.length;
  let end = el.selectionEnd ?? start;
  if (start === end && remove === -1) start = Math.max(0, start - 1);
  if (start === end && remove === 1) end = Math.min(el.value.length, end + 1);
  if (hasSelection) el.setRangeText(text, start, end, 'end');
  else el.value = el.value.slice(0, start) + text + el.value.slice(end);
  el.dispatchEvent(new InputEvent('input', { bubbles: true, data: text || null, inputType: remove ? 'deleteContent' : 'insertText' }));
}

/** A key by its place on the keyboard (its key where a synthetic event has no code): a key-down and its key-up agree. */
const keyIdOf = (e: KeyboardEvent): string => e.code || e.key;

/** The event the document's window is dispatching now (`window.event`), if any. */
function currentEvent(doc: Document): Event | null {
  const win = doc.defaultView as (Window & { event?: Event }) | null;
  return win?.event ?? null;
}

const nextFrame = () => new Promise<void>((resolve) => (typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => setTimeout(resolve, 0)) : setTimeout(resolve, 16)));

/** How many frames the replay waits for a key's effect (an editor opening, the caret moving) before the next key. */
const SETTLE_FRAMES = 60;
/**
 * How many frames a replay spends in all on keys that showed no effect (the focus did not move)
 * before it stops waiting for effects (a frame per key then): a grid that ignores the keys must not
 * hold the keyboard a second per key.
 */
const NO_EFFECT_FRAMES = SETTLE_FRAMES;

export class TypeAhead {
  private mode: HoldMode | null = null;
  private readonly held: Array<HeldKey | HeldCommand> = [];
  /** The commands of the screen that holds (kept while it holds or replays). */
  private commandOf: CommandOf | null = null;
  private replaying = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The screen's notice for keys a save held past SAVE_HOLD_MS (a save's hold only, until it answers). */
  private onExpire: (() => void) | null = null;
  /** The events this replays (they pass the capture). */
  private readonly ours = new WeakSet<Event>();
  private listening = false;
  /** Counts the holds begun (`hold`, `holdForSave`): a command ends only its own hold. */
  private holds = 0;
  /** The places a hold answers for although they are in a dialog (`hold`'s `owns`): kept while it holds or replays. */
  private owned: Element[] = [];
  /** The chords a hold keeps in order (`hold`'s `keepsChord`): kept while it holds or replays. */
  private keepsChord: ((e: KeyboardEvent) => boolean) | null = null;
  /**
   * The key event being dispatched when the hold began (the Escape or Enter that closed a picker, F12):
   * it started the hold and is not part of it — neither kept nor ending it. Mantine's modal closes on
   * Escape from a window listener, before the document's: without this the Escape that cancelled a
   * picker went on to drop the hold it had just begun.
   */
  private startedBy: Event | null = null;
  /**
   * The keys whose key-down was kept and that are not released yet (by `code`): only their key-up and
   * key-press are kept too. The key-up of a key pressed before the hold (the Enter that picked) passes:
   * swallowed, the page's watchers of keys down (src/app/shell/dialog-focus.ts) thought it held down
   * for good, and every dialog opened after it waited for its release, its first typed key lost.
   */
  private readonly keptDown = new Set<string>();

  constructor(private readonly doc: Document = document, private readonly holdMs = HOLD_MS) {}

  /** Whether keys are being held (or replayed). */
  get active(): boolean {
    return this.mode !== null || this.replaying;
  }

  /** Keys held so far, a command as `<name>` (tests, diagnostics). */
  get pending(): string[] {
    return this.held.map((k) => ('command' in k ? `<${k.command}>` : k.key));
  }

  /**
   * A command will put the caret somewhere (a new first cell, the stored document's page, back in
   * place after a save): keep every key until `land()` or `drop()`, and the screen's own `commands`
   * with them.
   */
  hold(commands?: CommandOf, options: HoldOptions = {}): number {
    if (commands) this.commandOf = commands;
    this.owned = (options.owns ?? []).filter((el): el is Element => !!el);
    this.keepsChord = options.keepsChord ?? null;
    this.start('command');
    this.startedBy = currentEvent(this.doc);
    return ++this.holds;
  }

  /** Whether `el` is in a dialog that keeps its keys: not one the hold owns (`hold`'s `owns`). */
  private inDialog(el: Element | null | undefined): boolean {
    if (!el?.closest(DIALOG)) return false;
    return !this.owned.some((own) => own.contains(el));
  }

  /** Whether `hold` (a number `hold()` answered) is not the hold now on: another began since (or none is on). */
  private stale(hold?: number): boolean {
    return hold !== undefined && (hold !== this.holds || this.mode !== 'command');
  }

  /**
   * A save starts and the caret is re-seated after it (`hold()`), but the keys wait for the save's
   * answer however long it takes (a slow server: 6 s is not rare), up to `saveMs`; past that they
   * are dropped and `onExpire` tells the user (silence would leave them typing into nothing). Once
   * the save answers, `answered()` gives the landing the usual HOLD_MS.
   */
  holdForSave(commands?: CommandOf, onExpire?: () => void, saveMs = SAVE_HOLD_MS): number {
    const hold = this.hold(commands);
    this.clearTimer();
    this.onExpire = onExpire ?? null;
    this.timer = setTimeout(() => {
      const notice = this.onExpire;
      this.drop();
      notice?.();
    }, saveMs);
    return hold;
  }

  /**
   * The save held for answered: the caret lands soon; held keys wait HOLD_MS more for it. With
   * `hold`, only if that hold is still the one on (a held command run on the next page meanwhile
   * holds anew: its own wait is not cut short).
   */
  answered(hold?: number): void {
    if (this.mode !== 'command' || this.stale(hold)) return;
    this.onExpire = null;
    this.clearTimer();
    this.timer = setTimeout(() => this.drop(), this.holdMs);
  }

  /**
   * A key of the screen's while keys are held for a command or replayed: kept as that command, to
   * run on its turn. Answers whether it was kept (else the screen runs it now, as usual).
   */
  holdCommand(e: KeyboardEvent): boolean {
    if (this.mode !== 'command' && !this.replaying) return false;
    // A dialog's keys are its own.
    if (this.inDialog(this.doc.activeElement)) return false;
    const command = this.commandOf?.(e);
    if (!command) return false;
    // A key held down repeats: its command is kept once.
    if (!e.repeat) this.held.push({ command });
    return true;
  }

  /** A new page is opening: keep the keys typed while the focus is on no control, until a control gets the focus. */
  arrive(): void {
    if (this.mode === 'command' || this.replaying) return;
    const active = this.doc.activeElement;
    // Typing already goes somewhere (the page stays, only its address changed: a saved voucher's id).
    if (isTypingTarget(active) || active?.closest(DIALOG)) return;
    this.start('arrival');
  }

  /** The caret has landed: type the kept keys there (with `hold`: only if that hold is still on). */
  land(hold?: number): void {
    if (this.mode === null || this.stale(hold)) return;
    this.mode = null;
    this.clearTimer();
    // A replay waiting for a held command's landing goes on by itself.
    if (this.replaying) return;
    if (!this.held.length) return this.stopListening();
    void this.replay();
  }

  /** Forget the kept keys (and commands) and stop holding (with `hold`: only if that hold is still on). */
  drop(hold?: number): void {
    if (this.stale(hold)) return;
    this.mode = null;
    this.held.length = 0;
    this.clearTimer();
    if (!this.replaying) this.stopListening();
  }

  private start(mode: HoldMode): void {
    this.mode = mode;
    this.clearTimer();
    this.timer = setTimeout(() => this.drop(), this.holdMs);
    if (!this.listening) {
      this.listening = true;
      for (const [type, listener] of this.listeners()) this.doc.addEventListener(type, listener, true);
    }
  }

  private stopListening(): void {
    this.commandOf = null;
    this.owned = [];
    this.keepsChord = null;
    this.startedBy = null;
    this.keptDown.clear();
    if (!this.listening) return;
    this.listening = false;
    for (const [type, listener] of this.listeners()) this.doc.removeEventListener(type, listener, true);
  }

  /** What the holding listens to on the document (capture phase). */
  private listeners(): Array<[string, EventListener]> {
    return [
      ['keydown', this.onKeyDown as EventListener],
      ['keyup', this.onKeyUp as EventListener],
      ['keypress', this.onKeyUp as EventListener],
      ['pointerdown', this.onPointerDown],
      ['focusin', this.onFocusIn as EventListener],
    ];
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.onExpire = null;
  }

  /** Whether a user's key at the current focus is kept now. */
  private keeps(): boolean {
    const active = this.doc.activeElement;
    if (this.inDialog(active)) return false;
    if (this.replaying) return true;
    if (this.mode === 'command') return true;
    return this.mode === 'arrival' && !isTypingTarget(active);
  }

  private readonly onKeyDown = (e: KeyboardEvent): void => {
    if (this.ours.has(e) || e === this.startedBy) return;
    // The screen's command with no screen to take it (its page is mounting): kept all the same.
    if (this.holdCommand(e)) {
      e.preventDefault();
      e.stopImmediatePropagation();
      return;
    }
    if (endsHolding(e)) {
      // A chord the hold keeps (the grid's Ctrl+Z after a pick): in order, after the keys typed before it.
      if (this.keepsChord?.(e) && (this.mode === 'command' || this.replaying) && this.keeps()) {
        e.preventDefault();
        e.stopImmediatePropagation();
        if (e.repeat) return;
        this.keptDown.add(keyIdOf(e));
        this.held.push({ key: e.key, code: e.code, shiftKey: e.shiftKey, ctrlKey: e.ctrlKey, altKey: e.altKey, metaKey: e.metaKey });
        return;
      }
      // A command: it passes, and the keys kept before it would land somewhere the user no longer expects.
      if (!this.replaying) this.drop();
      return;
    }
    if (!isKeptKey(e) || !this.keeps()) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    this.keptDown.add(keyIdOf(e));
    this.held.push({ key: e.key, code: e.code, shiftKey: e.shiftKey });
  };

  /** The key-up (and key-press) of a kept key goes nowhere either; a key pressed before the holding passes. */
  private readonly onKeyUp = (e: KeyboardEvent): void => {
    const id = keyIdOf(e);
    if (this.ours.has(e) || !this.keptDown.has(id)) return;
    if (e.type === 'keyup') this.keptDown.delete(id);
    e.preventDefault();
    e.stopImmediatePropagation();
  };

  private readonly onPointerDown = (): void => {
    // The user chose a place with the mouse: what was typed before is not for it.
    if (!this.replaying) this.drop();
  };

  private readonly onFocusIn = (e: FocusEvent): void => {
    if (this.mode !== 'arrival') return;
    const target = e.target as Element | null;
    if (!target || target === this.doc.body || (target as HTMLElement).matches?.(PAGE_REGION)) return;
    if (target.closest?.(DIALOG)) return this.drop();
    this.land();
  };

  private dispatch(el: Element, type: 'keydown' | 'keyup', k: HeldKey): boolean {
    const event = new KeyboardEvent(type, { key: k.key, code: k.code, shiftKey: k.shiftKey, ctrlKey: !!k.ctrlKey, altKey: !!k.altKey, metaKey: !!k.metaKey, bubbles: true, cancelable: true, composed: true });
    this.ours.add(event);
    return el.dispatchEvent(event);
  }

  /**
   * Runs a held command on the screen that has the focus (else the screen on view: the caret was
   * lost on the way); resolves when it is done (at once when no screen took it).
   */
  private async runCommand(el: Element, command: string): Promise<void> {
    const detail: HeldCommandDetail = { command };
    const target = el.closest(SCREEN) ? el : this.doc.querySelector(SCREEN);
    target?.dispatchEvent(new CustomEvent(HELD_COMMAND_EVENT, { detail, bubbles: true }));
    await detail.ran?.catch(() => undefined);
  }

  private async replay(): Promise<void> {
    this.replaying = true;
    /** Frames waited so far for keys that had no effect. */
    let idle = 0;
    try {
      while (this.held.length) {
        const k = this.held.shift()!;
        const el = this.doc.activeElement ?? this.doc.body;
        // A dialog took the keyboard meanwhile: the rest is not for it.
        if (this.inDialog(el)) {
          this.held.length = 0;
          break;
        }
        if ('command' in k) {
          await this.runCommand(el, k.command);
          // It re-seats the caret (holds again): the keys after it wait for that landing. A refused
          // command dropped them. One that took the caret away (another voucher shows) gives them
          // to the next page's first control, as on any arrival; else they go on where it is.
          if (this.mode !== null || !this.held.length) break;
          if (this.doc.activeElement !== el && !isTypingTarget(this.doc.activeElement)) {
            this.start('arrival');
            break;
          }
          continue;
        }
        const wasField = isTextField(el);
        const passed = this.dispatch(el, 'keydown', k);
        const chord = !!(k.ctrlKey || k.altKey || k.metaKey);
        if (passed && wasField && !chord) {
          // What the browser does with a real key in a text field (execCommand fires the input events React listens to).
          if (k.key.length === 1) typeInto(this.doc, el, k.key);
          else if (k.key === 'Backspace') typeInto(this.doc, el, '', -1);
          else if (k.key === 'Delete') typeInto(this.doc, el, '', 1);
        }
        this.dispatch(this.doc.activeElement ?? el, 'keyup', k);
        // A character typed into a field changes nothing else; any other key may open an editor or
        // move the caret, which the next key must find in place: the replay waits until the focus
        // has moved (the editor's field took it, the caret went on), a frame at least and about a
        // second at most (a key that changes nothing).
        if (!(wasField && k.key.length === 1 && !chord)) {
          await nextFrame();
          // In a field only Enter and Tab go elsewhere (an editor commits and moves); Backspace and the arrows stay in it.
          const moves = !wasField || k.key === 'Enter' || k.key === 'Tab';
          // Once keys without effect have used up NO_EFFECT_FRAMES, the rest go a frame apart.
          const limit = idle < NO_EFFECT_FRAMES ? SETTLE_FRAMES : 1;
          let i = 1;
          for (; moves && i < limit && this.doc.activeElement === el && this.held.length > 0; i++) await nextFrame();
          if (moves && this.doc.activeElement === el) idle += i;
        }
      }
    } finally {
      this.replaying = false;
      if (this.mode === null) this.stopListening();
    }
  }
}

/**
 * How a command run under `holdDuring` ended: `moved` (another document shows; its caret lands the
 * held keys, HOLD_MS from now at most), `stayed` (nothing moved: the held keys go on where the caret
 * is), `refused` (the refusal is shown: the held keys and commands are dropped, as after a refused save).
 */
export type HeldOutcome = 'moved' | 'stayed' | 'refused';

/**
 * Runs a screen's command that talks to the server and may show another document (the voucher
 * editor's stepping, the auditor's F9: examine, then the next voucher) with the keyboard held from
 * the press on: the keys and the screen's commands pressed meanwhile wait (however long the server
 * takes, up to SAVE_HOLD_MS, then `onExpire`) and run in order once the caret has landed on what the
 * command showed. Without it such a key met a busy screen and was lost, or ran on the document that
 * was still on view. Resolves with the outcome (a throwing `work` counts as refused).
 */
export async function holdDuring(work: () => Promise<HeldOutcome>, commands: CommandOf, onExpire?: () => void, ta: TypeAhead = typeAhead()): Promise<HeldOutcome> {
  const hold = ta.holdForSave(commands, onExpire);
  let outcome: HeldOutcome = 'refused';
  try {
    outcome = await work();
  } finally {
    if (outcome === 'moved') ta.answered(hold);
    else if (outcome === 'stayed') ta.land(hold);
    else ta.drop(hold);
  }
  return outcome;
}

let shared: TypeAhead | null = null;
/** The page's type-ahead (one per document). */
export function typeAhead(): TypeAhead {
  shared ??= new TypeAhead();
  return shared;
}

/** An entry grid put its caret (its first cell, on arrival or after a command): held keys go there, if the focus really is in the grid now. */
export function landTypeAhead(container: Element | null): void {
  if (!shared || !container || typeof document === 'undefined') return;
  if (container.contains(document.activeElement)) shared.land();
}
