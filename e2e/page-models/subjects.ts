/**
 * Page model of the subject catalogue (/basic/subjectList) and the subject code rule: the tree
 * panel, the list and the detail popup, driven by keys (type the code and name, Enter saves,
 * Ctrl+Enter saves and starts the next code, Esc leaves).
 */
import { expect, type Page } from '@playwright/test';
import { ShellModel } from './shell';
import { ListModel } from './admin-list';
import { pressOn } from './keys';

export const subjectScreens = {
  list: { keys: ['basic', 'basic.finance', 'basic.finance.subjectList'], path: '/basic/subjectList' },
  codeRule: { keys: ['basic', 'basic.finance', 'basic.finance.subjectCodeRule'], path: '/basic/subjectCodeRule' },
} as const;

export class SubjectCatalogueModel {
  readonly list: ListModel;
  constructor(readonly page: Page) {
    this.list = ListModel.byId(page, 'basic.subjectList');
  }

  async open(screen: keyof typeof subjectScreens = 'list') {
    await new ShellModel(this.page).openMenu(...subjectScreens[screen].keys);
    await this.page.waitForURL((u) => u.pathname === subjectScreens[screen].path);
  }

  readonly dialog = () => this.page.getByTestId('subject-dialog');
  readonly code = () => this.dialog().getByTestId('subject-code');
  readonly name = () => this.dialog().getByTestId('subject-name');

  /** New (the toolbar button, by keyboard): the popup opens with the focus in the code. */
  async startNew() {
    await pressOn(this.page.getByTestId('subject-new'));
    await expect(this.dialog()).toBeVisible();
    await expect(this.code()).toBeFocused();
  }

  /** Types a code (the focus is in the code field), then the name; leaves the focus in the name. */
  async type(code: string, name: string) {
    await this.page.keyboard.press('Control+a');
    await this.page.keyboard.type(code);
    await this.page.keyboard.press('Tab'); // code rule (read-only)
    await this.page.keyboard.press('Tab');
    await expect(this.name()).toBeFocused();
    await this.page.keyboard.press('Control+a');
    await this.page.keyboard.type(name);
  }

  /** A tree node (the focusable item) by its value ('all', 'kind:ASSET') or its label text. */
  treeNode(valueOrLabel: string) {
    const tree = this.page.getByTestId('subject-tree');
    return /^(all|kind:)/.test(valueOrLabel)
      ? tree.locator(`li[data-value="${valueOrLabel}"]`)
      // Ancestors contain the label too; the node itself is the innermost (last) match.
      : tree.locator('li').filter({ has: this.page.locator('[data-testid^="subject-tree-s:"]', { hasText: valueOrLabel }) }).last();
  }

  /** Focuses a tree node and chooses it with Enter (the list filters by it). */
  async treeChoose(valueOrLabel: string) {
    const node = this.treeNode(valueOrLabel);
    await pressOn(node);
    await expect(node).toHaveAttribute('aria-selected', 'true');
  }
}
