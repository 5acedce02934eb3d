import * as vscode from 'vscode';
import type { ActionRecord, GridActionRequests } from '../../grid/protocol';
import type { Handlers } from '../../webview-protocol/protocol';
import type { SearchState } from '../searches/searchState';
import type { DetailsHost } from '../details/detailsPanel';
import { insertTextAtCursor } from '../mol/insertText';
import type { InsertTarget } from '../mol/insertTarget';

/** Most records one "Look up" runs searches for. */
const LOOKUP_LIMIT = 20;

/** What a grid's selection can do in VS Code; the same for the editors and for notebook outputs. */
export class GridActions {
  constructor(
    private readonly details: DetailsHost,
    private readonly insertTarget: InsertTarget,
  ) {}

  /** The grid pages' action requests, answered by these methods (editors and notebook outputs alike). */
  handlers(): Handlers<GridActionRequests> {
    return {
      copy: ({ text, what }) => this.copy(text, what),
      openDetails: (record) => this.openDetails(record),
      lookUp: ({ records }) => this.lookUp(records),
      insertMol: (record) => this.insertMol(record),
    };
  }

  async copy(text: string, what: string): Promise<void> {
    await vscode.env.clipboard.writeText(text);
    vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', what), 3000);
  }

  /** Exact match by InChIKey in the configured database (a search in the Searches view), then its details. */
  async openDetails(record: ActionRecord): Promise<void> {
    const state = await this.search(record);
    if (state.error) throw new Error(state.error);
    if (state.ids.length === 0) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('{0} ({1}) is not in the configured database.', record.name || vscode.l10n.t('This structure'), record.inchikey ?? ''),
      );
      return;
    }
    const { DetailsPanel } = await import('../details/detailsPanel.js');
    await DetailsPanel.createOrShow(this.details, state.ids[0]);
  }

  async lookUp(records: ActionRecord[]): Promise<void> {
    if (records.length === 0) throw new Error(vscode.l10n.t('No InChIKey could be computed for the selected records'));
    if (records.length > LOOKUP_LIMIT) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Looking up the first {0} of {1} selected records.', LOOKUP_LIMIT, records.length));
    }
    for (const record of records.slice(0, LOOKUP_LIMIT)) await this.search(record);
  }

  /** The record's MOL block (as in the file for an SDF) at the cursor of the last active editor. */
  async insertMol(record: ActionRecord): Promise<void> {
    if (!record.molblock) throw new Error(vscode.l10n.t('This record has no MOL block'));
    await insertTextAtCursor(record.molblock, this.insertTarget.editor());
  }

  private search(record: ActionRecord): Promise<SearchState> {
    if (!record.inchikey) throw new Error(vscode.l10n.t('No InChIKey could be computed for {0}', record.name || vscode.l10n.t('this record')));
    return Promise.resolve(vscode.commands.executeCommand<SearchState>('compoundDb.searchByInchikey', { inchikey: record.inchikey }));
  }
}
