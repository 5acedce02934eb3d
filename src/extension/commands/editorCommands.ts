import * as vscode from 'vscode';
import { StructureEditorPanel } from '../editor/structureEditorPanel';
import { registerCommand } from './register';
import type { Services } from './services';

/** "Draw Structure…": the editor, empty or holding a SMILES or a record's structure ("Edit structure"). */
export function registerEditorCommands(s: Services): vscode.Disposable[] {
  return [
    registerCommand<{ smiles?: string; recordId?: number; interactive?: boolean }, { opened: true }>('compoundDb.drawStructure', s.log, async (a) => {
      const smiles = a?.smiles ?? (a?.recordId !== undefined ? ((await (await s.connection.get()).client.compound(a.recordId).smiles()) ?? '') : '');
      await StructureEditorPanel.show({ extensionUri: s.context.extensionUri, log: s.log, insertTarget: s.insertTarget }, smiles);
      return { opened: true };
    }),
  ];
}
