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

/** The active (focused) row of the open quick input list: what Enter picks. */
export function activeQuickInputRow(page: Page): Locator {
  return quickInput(page).locator('.monaco-list-row.focused');
}

/**
 * Opens the command palette on `label` and returns its row once listed. The palette lists the commands known when
 * it opened: an extension whose contributions arrive later shows up only in a palette opened again, so this
 * reopens it every few seconds until the row appears, for at most `timeoutMs`.
 */
export async function findInCommandPalette(page: Page, label: string, timeoutMs = 30_000): Promise<Locator> {
  const row = quickInputRow(page, label).first();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await searchCommandPalette(page, label);
    try {
      await row.waitFor({ timeout: 3000 });
      return row;
    } catch (e) {
      if (Date.now() > deadline) throw new Error(`"${label}" is not in the command palette after ${timeoutMs / 1000} s`, { cause: e });
      await closeQuickInput(page);
    }
  }
}

/** Runs the palette command whose label is exactly `label` (e.g. "Stacklet: Show Account"). */
export async function runCommand(page: Page, label: string, timeoutMs = 30_000): Promise<void> {
  await findInCommandPalette(page, label, timeoutMs);
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

/** A button of the notification toast containing `text`. */
export function toastButton(page: Page, text: string, button: string): Locator {
  return page.locator('.notifications-toasts .notification-toast', { hasText: text }).locator('.monaco-button', { hasText: button }).first();
}

/** The activity bar entry of a view container, by its title (e.g. "Stacklet Cloud"). */
export function activityBarItem(page: Page, title: string): Locator {
  return page.locator(`.activitybar a.action-label[aria-label="${title}"]`);
}

/** A status bar entry by its visible text. */
export function statusBarText(page: Page, text: string): Locator {
  return page.locator('#workbench\\.parts\\.statusbar').getByText(text);
}

/** The row of an installed extension in the Extensions view, by its display name. */
export function installedExtension(page: Page, displayName: string): Locator {
  return page.locator('.extensions-viewlet .monaco-list-row', { has: page.locator('.extension-list-item .name', { hasText: displayName }) });
}

/** A button of a view's welcome content (viewsWelcome), by its text. */
export function welcomeButton(page: Page, text: string): Locator {
  return page.locator('.welcome-view-content .monaco-button', { hasText: text }).first();
}

/** A view pane of the side bar, by its title. */
export function pane(page: Page, title: string): Locator {
  return page.locator('.pane', { has: page.locator('.pane-header h3.title', { hasText: new RegExp(`^${title}$`, 'i') }) });
}

export function paneHeader(page: Page, title: string): Locator {
  return pane(page, title).locator('.pane-header');
}

async function setPaneExpanded(page: Page, title: string, expanded: boolean): Promise<void> {
  const header = paneHeader(page, title);
  await header.waitFor();
  const isExpanded = (await header.getAttribute('aria-expanded')) === 'true';
  // The title, not the header's centre: a view with many title-bar actions has one there.
  if (isExpanded !== expanded) await header.locator('h3.title').click();
  await page.locator('.pane-header', { has: page.locator('h3.title', { hasText: new RegExp(`^${title}$`, 'i') }) })
    .and(page.locator(`[aria-expanded="${expanded}"]`)).waitFor();
}

export function expandPane(page: Page, title: string): Promise<void> {
  return setPaneExpanded(page, title, true);
}

export function collapsePane(page: Page, title: string): Promise<void> {
  return setPaneExpanded(page, title, false);
}

/** A title-bar action of a view (shown on hover), by its label. */
export function paneAction(page: Page, title: string, label: string): Locator {
  return paneHeader(page, title).locator(`.actions .action-label[aria-label="${label}"]`);
}

/** Right-clicks `target` and runs the context-menu entry `label`. */
export async function contextMenu(page: Page, target: Locator, label: string): Promise<void> {
  const menu = page.locator('.context-view .monaco-menu');
  const entry = page.locator('.context-view .action-item', { hasText: label }).first();
  for (let attempt = 1; ; attempt++) {
    await target.click({ button: 'right' });
    try {
      await entry.waitFor({ timeout: 20_000 });
      // The menu ignores a click that comes too soon after it opened (the right-click's own mouse-up):
      // hovering focuses the entry, and Enter runs it, as a keyboard user would.
      await entry.hover({ timeout: 5_000 });
      await page.locator('.context-view .action-item.focused', { hasText: label }).first().waitFor({ timeout: 5_000 });
    } catch (e) {
      // A menu closes when anything takes the focus or moves the workbench (a banner coming, a page focusing its
      // own element a moment after a click); a user opens it again. A menu still open without the entry fails.
      if (attempt === 3 || (await menu.count()) > 0) throw e;
      console.log(`      (the context menu closed before "${label}" was chosen: opening it again)`);
      continue;
    }
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'detached' });
    return;
  }
}

/**
 * Hovers the view's header (its actions show on hover) and clicks the action `label`, or, when it is not one of
 * the title bar's icons, chooses it from the title bar's `…` menu.
 */
export async function clickPaneAction(page: Page, title: string, label: string): Promise<void> {
  await paneHeader(page, title).hover();
  if (await paneAction(page, title, label).isVisible()) {
    await paneAction(page, title, label).click();
    return;
  }
  await paneHeader(page, title).locator('.actions .action-label[aria-label^="More Actions"]').click();
  const entry = page.locator('.context-view .action-item', { hasText: label }).first();
  await entry.hover();
  await page.locator('.context-view .action-item.focused', { hasText: label }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.context-view .monaco-menu').waitFor({ state: 'detached' });
}

/** A row of one view's tree, by its visible text. */
export function viewRow(page: Page, view: string, text: string): Locator {
  return pane(page, view).locator('.monaco-list-row', { hasText: text }).first();
}

/** Signs in from the Stacklets welcome view with the URL the settings offer and `token`, as a user does. */
export async function signInThroughWelcome(page: Page, expectedUrl: string, token: string, email: string): Promise<void> {
  await openStackletContainer(page);
  await welcomeButton(page, 'Sign in with API Token').click();
  await answerSignIn(page, expectedUrl, token, email);
}

/** Answers the two sign-in prompts (however they were opened): the URL the settings offer, then `token`. */
export async function answerSignIn(page: Page, expectedUrl: string, token: string, email: string): Promise<void> {
  const input = quickInput(page).locator('input');
  await quickInput(page).getByText('Sign In to Stacklet Cloud (1/2)').waitFor();
  if ((await input.inputValue()) !== expectedUrl) throw new Error(`the sign-in offered ${await input.inputValue()}, not ${expectedUrl} from the stacklet.apiUrl setting`);
  // Opened from a webview (the walkthrough), the prompt may show before the focus has left the webview.
  await input.focus();
  await page.keyboard.press('Enter');
  await quickInput(page).getByText('Sign In to Stacklet Cloud (2/2)').waitFor();
  if ((await input.getAttribute('type')) !== 'password') throw new Error('the token prompt is not a password input');
  await input.fill(token);
  await page.keyboard.press('Enter');
  await toast(page, `Signed in to Stacklet Cloud as ${email}.`).waitFor();
}

/** The inline validation message of the open quick input. */
export function quickInputMessage(page: Page): Locator {
  return quickInput(page).locator('.quick-input-message');
}

/** Shows the Stacklet Cloud container (its activity-bar item toggles the side bar, so click only when closed). */
export async function openStackletContainer(page: Page): Promise<void> {
  // The side bar's title names the container; a pane header would not do: signed out, the Stacklets view is the
  // only one shown, and VS Code then folds its header into the side bar's title.
  const header = page.locator('.part.sidebar .composite.title', { hasText: 'Stacklet Cloud' });
  await activityBarItem(page, 'Stacklet Cloud').waitFor();
  // The activity bar item toggles. After a reload the restored side bar can appear just after the check, and
  // the click then closes it: look again after each click.
  for (let attempt = 0; attempt < 3 && !(await header.isVisible()); attempt++) {
    await activityBarItem(page, 'Stacklet Cloud').click();
    await header.waitFor({ timeout: 5_000 }).catch(() => undefined);
  }
  await header.waitFor();
}

/** The editor of the active editor group. */
export function activeEditor(page: Page): Locator {
  return page.locator('.editor-instance .monaco-editor').first();
}

/** Focuses the active editor from the keyboard (Ctrl+1: the first editor group), wherever the focus was. */
export async function focusEditor(page: Page): Promise<void> {
  await page.keyboard.press('ControlOrMeta+1');
  await activeEditor(page).and(page.locator('.focused')).waitFor();
}

/** The lines the active editor draws: what is in view of its text (not the text kept for screen readers). */
export function editorLines(page: Page): Locator {
  return activeEditor(page).locator('.view-lines');
}

/** Replaces the active editor's text as typed, without the editor's auto-closing of brackets and quotes. */
export async function replaceEditorText(page: Page, text: string): Promise<void> {
  await activeEditor(page).locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await replaceSelection(page, text);
}

/** Types `text` over the focused editor's selection, without the editor's auto-closing of brackets and quotes. */
export async function replaceSelection(page: Page, text: string): Promise<void> {
  // Deleted first: typed over a selection, an opening bracket or quote would surround it instead.
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

/**
 * Selects the first match of `text` in the focused editor with Find (Ctrl+Home, then Ctrl+F), and closes Find: the
 * match stays selected and in view. Find is emptied first and its count waited on each time, so a count left from
 * the last search is never taken for this one's.
 */
export async function findInEditor(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.press('ControlOrMeta+F');
  const find = page.locator('.editor-instance .find-widget.visible');
  const input = find.locator('.find-part .input').first();
  const count = find.locator('.matchesCount');
  await input.fill('');
  await count.filter({ hasNotText: / of / }).waitFor();
  await input.fill(text);
  try {
    await count.filter({ hasText: /^1 of \d+$/ }).waitFor();
  } catch (e) {
    throw new Error(`Find "${text}": ${await count.innerText()}`, { cause: e });
  }
  // Escape hides the notification toasts first, when some show (a sign-in's, say); only then does it close Find.
  const toasts = page.locator('.notifications-toasts.visible');
  if (await toasts.isVisible()) {
    await page.keyboard.press('Escape');
    await toasts.waitFor({ state: 'hidden' });
  }
  await page.keyboard.press('Escape');
  await find.waitFor({ state: 'hidden' });
}

/** A CodeLens line of the editor (its lenses side by side) that shows `text`; drawn only while its line is in view. */
export function codeLens(page: Page, text: string | RegExp): Locator {
  return page.locator('.editor-instance .codelens-decoration', { hasText: text });
}

/** VS Code's modal dialog (VS Code's own, e.g. a language model tool's confirmation: ours never open one). */
export function modalDialog(page: Page): Locator {
  return page.locator('.monaco-dialog-box');
}

/**
 * Our confirmation, once its question (the picker's title) shows: its rows are the choices, the reversible one
 * first and active, then the lines of its detail.
 */
export async function confirmation(page: Page, question: string | RegExp): Promise<Locator> {
  await quickInput(page).locator('.quick-input-title', { hasText: question }).waitFor();
  return quickInput(page);
}

/**
 * The open confirmation as text: its rows, which are its choices and nothing else, one a line; then its detail,
 * the paragraph under the input, on the last line.
 */
export async function confirmationText(page: Page): Promise<string> {
  const rows = (await quickInput(page).locator('.monaco-list-row').allInnerTexts()).map((row) => row.replace(/\s+/g, ' ').trim());
  return [...rows, (await confirmationDetail(page).innerText()).replace(/\s+/g, ' ').trim()].join('\n');
}

/** The open confirmation's detail: the picker's prompt, which wraps and reads whole. */
export function confirmationDetail(page: Page): Locator {
  return quickInputMessage(page);
}

/** The choice `label` of the open confirmation. */
export function confirmationChoice(page: Page, label: string): Locator {
  return quickInput(page).locator('.monaco-list-row', { hasText: label }).first();
}

/** Resize Stacklet… from a stacklet's row in the Stacklets view: `size` typed and taken, the disk left as it is (No). */
export async function resizeFromMenu(page: Page, stacklet: string, size: string): Promise<void> {
  await contextMenu(page, viewRow(page, 'Stacklets', stacklet), 'Resize Stacklet…');
  await answerResize(page, stacklet, size);
}

/**
 * Answers Resize's questions for `stacklet`: `size` typed and taken, the disk left as it is (No, its first row).
 * Enter is pressed only once the row it takes is the one meant: a row merely listed is not enough, since the
 * size list shows every size before the typed filter applies (Enter then took the current size, listed first,
 * and the picker asked again), and the quick input keeps rows of earlier lists hidden in its DOM.
 */
export async function answerResize(page: Page, stacklet: string, size: string): Promise<void> {
  await quickInput(page).locator('.quick-input-title', { hasText: `Resize ${stacklet}` }).waitFor();
  await quickInput(page).locator('input').fill(size);
  await activeQuickInputRow(page).filter({ hasText: size }).waitFor();
  await page.keyboard.press('Enter');
  await quickInput(page).locator('input[placeholder^="Grow the disk"]').waitFor();
  await activeQuickInputRow(page).filter({ hasText: 'CPU and memory only' }).waitFor();
  await page.keyboard.press('Enter');
  await quickInput(page).waitFor({ state: 'hidden' });
}
