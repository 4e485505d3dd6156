// What the e2e tests do in the VS Code workbench, by what the user sees. Selectors verified on VS Code 1.139.
import type { Locator, Page } from 'playwright-core';

/** Opens `address` and waits until the workbench has rendered its status bar. */
export async function openWorkbench(page: Page, address: string): Promise<void> {
  await page.goto(address);
  await page.locator('.monaco-workbench').waitFor();
  await page.locator('#workbench\\.parts\\.statusbar').waitFor();
}

/** The quick input widget (command palette, quick picks). */
export function quickInput(page: Page): Locator {
  return page.locator('.quick-input-widget');
}

/** Opens the command palette with F1 and types `text` after the ">" prompt. */
export async function searchCommandPalette(page: Page, text: string): Promise<void> {
  const widget = quickInput(page);
  if (!(await widget.isVisible())) {
    await page.keyboard.press('F1');
  }
  await widget.locator('input').waitFor();
  await widget.locator('input').fill(`>${text}`);
}

/** The row of the open quick input list whose label contains `label`. */
export function quickInputRow(page: Page, label: string): Locator {
  return quickInput(page).locator('.monaco-list-row', { hasText: label });
}

/** Runs the palette command whose label is exactly `label` (e.g. "Stacklet: Show Account"). */
export async function runCommand(page: Page, label: string): Promise<void> {
  await searchCommandPalette(page, label);
  await quickInputRow(page, label).first().waitFor();
  await page.keyboard.press('Enter');
  await quickInput(page).waitFor({ state: 'hidden' });
}

/** Closes the quick input if it is open. */
export async function closeQuickInput(page: Page): Promise<void> {
  if (await quickInput(page).isVisible()) {
    await page.keyboard.press('Escape');
    await quickInput(page).waitFor({ state: 'hidden' });
  }
}

/** The notification toast containing `text` (toasts show only without the smoke-test driver). */
export function toast(page: Page, text: string): Locator {
  return page.locator('.notifications-toasts').getByText(text);
}

/** The activity bar entry of a view container, by its title (e.g. "Stacklet Cloud"). */
export function activityBarItem(page: Page, title: string): Locator {
  return page.locator(`.activitybar a.action-label[aria-label="${title}"]`);
}

/** A row of a tree or list inside the side bar's panes, by its visible text. */
export function paneRow(page: Page, text: string): Locator {
  return page.locator('.pane-body .monaco-list-row', { hasText: text });
}

/** A status bar entry by its visible text. */
export function statusBarText(page: Page, text: string): Locator {
  return page.locator('#workbench\\.parts\\.statusbar').getByText(text);
}

/** The row of an installed extension in the Extensions view, by its display name. */
export function installedExtension(page: Page, displayName: string): Locator {
  return page.locator('.extensions-viewlet .monaco-list-row', { has: page.locator('.extension-list-item .name', { hasText: displayName }) });
}
