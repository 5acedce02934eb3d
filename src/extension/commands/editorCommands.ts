import * as vscode from 'vscode';
import { StructureEditorPanel } from '../editor/structureEditorPanel';
import { defineCommand, type CommandDefinition } from './defineCommand';
import { recordIdForText } from './recordPicker';
import type { Services } from './services';

/** "Draw Structure…": the editor, empty or holding a SMILES or a record's structure ("Edit structure"). */
export function defineEditorCommands(s: Services): CommandDefinition[] {
  return [
    defineCommand<{ smiles?: string; recordId?: number; interactive?: boolean }, { opened: true }>('compoundDb.drawStructure', s.log, async (a) => {
      const smiles = a?.smiles ?? (a?.recordId !== undefined ? ((await (await s.connection.get()).client.compound(a.recordId).smiles()) ?? '') : '');
      const structureOf = async (text: string) => {
        const recordId = await recordIdForText(text, vscode.l10n.t('Draw Structure'));
        const details = await (await s.connection.get()).client.compound(recordId).details();
        if (!details.smiles) throw new Error(vscode.l10n.t('Record {0} has no structure to draw', recordId));
        return { smiles: details.smiles, name: details.commonName };
      };
      await StructureEditorPanel.show({ extensionUri: s.context.extensionUri, log: s.log, insertTarget: s.insertTarget, structureOf }, smiles);
      return { opened: true };
    }),
  ];
}
