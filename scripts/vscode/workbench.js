// Playwright helpers for the VS Code workbench in code-server: waits on the workbench's own elements
// (quick input, editors, hovers, tree rows, webview frames) rather than on fixed sleeps.
'use strict';

const QUICK_INPUT = '.quick-input-widget';

/** Waits for the workbench, the workspace's files and (when given) a status bar item of the extension. */
async function waitForWorkbench(page, { statusText, timeout = 90000 } = {}) {
  await page.waitForSelector('.monaco-workbench .part.activitybar', { timeout });
  await page.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout });
  if (statusText) await page.locator('.part.statusbar .statusbar-item', { hasText: statusText }).first().waitFor({ timeout });
}

async function openQuickInput(page, key, prefixText) {
  await page
    .locator('.monaco-workbench')
    .click({ position: { x: 700, y: 5 } })
    .catch(() => {});
  await page.keyboard.press(key);
  const input = page.locator(`${QUICK_INPUT} .quick-input-box input`);
  await input.waitFor({ state: 'visible', timeout: 15000 });
  await input.fill(prefixText);
  return input;
}

/** Types into the command palette and waits for a row whose label contains `text`. */
async function filterCommands(page, text) {
  await openQuickInput(page, 'F1', `>${text}`);
  const row = page.locator(`${QUICK_INPUT} .monaco-list-row`, { hasText: text }).first();
  await row.waitFor({ state: 'visible', timeout: 15000 });
  return row;
}

/** Runs a command by its palette label ("Category: Title"). */
async function runCommand(page, label) {
  const row = await filterCommands(page, label);
  await row.click();
}

/** Answers the input box that a command opened. */
/**
 * Types `value` into the open prompt and presses Enter. `title`: the prompt to answer, waited for by its title, for
 * prompts that follow one another in the same widget (without it an answer can go to the prompt that is closing, and
 * its text to the editor that gets the focus back).
 */
async function answerInput(page, value, { title } = {}) {
  if (title) await page.locator(`${QUICK_INPUT} .quick-input-title`, { hasText: title }).waitFor({ state: 'visible', timeout: 15000 });
  const input = page.locator(`${QUICK_INPUT} .quick-input-box input`);
  await input.waitFor({ state: 'visible', timeout: 15000 });
  await input.fill(value);
  await input.press('Enter');
}

async function closeQuickInput(page) {
  if (await page.locator(QUICK_INPUT).isVisible()) await page.keyboard.press('Escape');
  await page
    .locator(QUICK_INPUT)
    .waitFor({ state: 'hidden', timeout: 5000 })
    .catch(() => {});
}

/** Opens a workspace file through Quick Open and waits for its tab. */
async function openFile(page, name) {
  await openQuickInput(page, 'Control+P', name);
  const row = page.locator(`${QUICK_INPUT} .monaco-list-row`, { hasText: name }).first();
  await row.waitFor({ state: 'visible', timeout: 15000 });
  await row.click();
  await page.locator('.tabs-container .tab.active', { hasText: name }).waitFor({ timeout: 30000 });
}

/** Moves the mouse over the first editor text containing `text` (inside `scope`) and waits for a hover. */
async function hoverText(page, text, { scope = '.editor-group-container.active', waitForText, timeout = 60000 } = {}) {
  const token = page.locator(`${scope} .view-line span`, { hasText: text }).first();
  await token.waitFor({ state: 'visible', timeout: 30000 });
  const hover = page.locator('.monaco-hover:not(.hidden) .monaco-hover-content, .workbench-hover .hover-contents').first();
  const deadline = Date.now() + timeout;
  // The line's spans are re-rendered as highlighting arrives, and a hover that is still loading is replaced:
  // find the text afresh and move the mouse again until the wanted content shows.
  for (let i = 0; Date.now() < deadline; i++) {
    try {
      const box = await token.boundingBox({ timeout: 5000 });
      if (!box) throw new Error('not rendered yet');
      await page.mouse.move(box.x + box.width / 2 + (i % 3), box.y + box.height / 2);
      await hover.waitFor({ state: 'visible', timeout: 5000 });
      if (!waitForText) return hover;
      await page.locator('.monaco-hover:not(.hidden)', { hasText: waitForText }).first().waitFor({ timeout: 10000 });
      return hover;
    } catch {
      await page.mouse.move(5, 450);
    }
  }
  throw new Error(`no hover${waitForText ? ` with "${waitForText}"` : ''} over "${text}"`);
}

/** The tree row (anywhere in the side bar) whose label is `label` exactly. */
function treeRow(page, label) {
  const name = page.locator('.label-name', { hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
  return page.locator('.part.sidebar .monaco-list-row', { has: name }).first();
}

/** Drags the side bar's right edge so that it is `width` pixels wide (long tree labels stay readable). */
async function widenSideBar(page, width) {
  const box = await page.locator('.part.sidebar').boundingBox();
  if (!box || box.width >= width) return;
  const x = box.x + box.width + 1;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + (width - box.width), y, { steps: 5 });
  await page.mouse.up();
  // The drag leaves the (empty) editor area focused, outlined in blue: give the focus back to the side bar.
  await runCommand(page, 'View: Focus into Primary Side Bar');
  await page
    .locator(QUICK_INPUT)
    .waitFor({ state: 'hidden', timeout: 5000 })
    .catch(() => {});
  await page
    .waitForFunction(() => document.querySelector('.part.sidebar')?.contains(document.activeElement), null, { timeout: 5000 })
    .catch(() => {});
}

/** Waits until no notification toast (such as a finished search's progress) is showing. */
async function noToasts(page) {
  await page
    .locator('.notifications-toasts .notification-toast')
    .first()
    .waitFor({ state: 'hidden', timeout: 15000 })
    .catch(() => {});
}

/**
 * Makes the window ready for a picture: no quick pick, no notification toast, no secondary side bar (Chat).
 * The user settings already hide the secondary side bar at startup; a workbench that opened it anyway is
 * closed here through its own command.
 */
async function cleanWorkbench(page) {
  await closeQuickInput(page);
  if (
    await page
      .locator('.part.auxiliarybar')
      .isVisible()
      .catch(() => false)
  ) {
    await runCommand(page, 'View: Hide Secondary Side Bar');
  }
  if (
    await page
      .locator('.notifications-toasts .notification-toast')
      .first()
      .isVisible()
      .catch(() => false)
  ) {
    await runCommand(page, 'Notifications: Clear All Notifications');
    await noToasts(page);
  }
  await closeQuickInput(page);
}

/** The frame of a webview whose body contains `text` (webviews are iframes inside an iframe). */
async function webviewFrame(page, text, { timeout = 60000 } = {}) {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    for (const frame of page.frames()) {
      if (frame === page.mainFrame()) continue;
      const found = await frame
        .locator('body', { hasText: text })
        .count()
        .catch(() => 0);
      if (found) return frame;
    }
    await page.waitForTimeout(500);
  }
  throw new Error(`no webview showing "${text}"`);
}

/** Waits until every image of a frame has loaded. */
async function imagesLoaded(frame) {
  await frame.waitForFunction(() => Array.from(document.images).every((i) => i.complete), null, { timeout: 30000 }).catch(() => {});
}

module.exports = {
  waitForWorkbench,
  filterCommands,
  runCommand,
  answerInput,
  closeQuickInput,
  openFile,
  hoverText,
  treeRow,
  widenSideBar,
  noToasts,
  cleanWorkbench,
  webviewFrame,
  imagesLoaded,
};
