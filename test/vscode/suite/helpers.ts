/** Shared by the integration suites: the extension's API, commands with arguments, polling for a state. */
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { CompoundDbApi } from '../../../src/extension/api';
import type { GridSnapshot } from '../../../src/grid/protocol';
import { waitFor } from '../../support/wait-for';
import type { SearchState } from '../../../src/extension/searches/searchState';

export const EXTENSION_ID = 'compound-db.compound-db';
export const CAFFEINE_KEY = 'RYYVLZVUVIJVGH-UHFFFAOYSA-N';
export const ETHANOL_KEY = 'LFQSCWFLJHTTHZ-UHFFFAOYSA-N';

export async function api(): Promise<CompoundDbApi> {
  const ext = vscode.extensions.getExtension<CompoundDbApi>(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} is not installed`);
  const a = ext.isActive ? ext.exports : await ext.activate();
  await a.makeParts();
  return a;
}

export function run<T>(command: string, args?: object): Promise<T> {
  return Promise.resolve(vscode.commands.executeCommand<T>(command, args));
}

export { waitFor };

/**
 * The first notebook-output grid not in `seen` whose snapshot satisfies `until`. Each new output is asked once and
 * its answer awaited (on a loaded machine a reply from the notebook's webview takes longer than any fixed slice), asked
 * again only if that request fails.
 */
export function nextNotebookGrid(
  grids: CompoundDbApi['grids'],
  seen: ReadonlySet<string>,
  until: (s: GridSnapshot) => boolean,
  what: string,
  limitMs: number,
): Promise<{ key: string; s: GridSnapshot }> {
  const asked = new Set<string>();
  let found: { key: string; s: GridSnapshot } | undefined;
  return waitFor(
    () => {
      for (const key of grids.keys()) {
        if (!key.startsWith('notebook:') || seen.has(key) || asked.has(key)) continue;
        asked.add(key);
        grids.rendered(key, until).then(
          (s) => (found ??= { key, s }),
          () => asked.delete(key),
        );
      }
      return found;
    },
    what,
    limitMs,
  );
}

const ids = new Map<string, number>();
/** Record ID of the first name-search hit (the shipped collection's IDs are not hard-coded). */
export async function recordIdByName(name: string): Promise<number> {
  const known = ids.get(name);
  if (known) return known;
  const state = await run<SearchState>('compoundDb.searchByName', { name });
  assert.strictEqual(state.error, undefined, `search for ${name} failed: ${state.error}`);
  assert.ok(state.ids.length > 0, `no record named ${name}`);
  ids.set(name, state.ids[0]);
  return state.ids[0];
}

export async function setSetting(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('compoundDb').update(key, value, vscode.ConfigurationTarget.Global);
}

/** Closes every editor, reverting edits first so no save prompt appears. */
export async function closeAllEditors(): Promise<void> {
  for (let i = 0; i < 30 && vscode.window.visibleTextEditors.some((e) => e.document.isDirty); i++) {
    const dirty = vscode.window.visibleTextEditors.find((e) => e.document.isDirty);
    if (!dirty) break;
    await vscode.window.showTextDocument(dirty.document);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

export function workspaceFile(name: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the integration suite needs a workspace folder');
  return vscode.Uri.joinPath(folder.uri, name);
}
