import * as vscode from 'vscode';
import type { MolKind } from '../../webview/protocol';
import { insertTextAtCursor, type Inserted } from '../mol/insertText';
import type { LocalServiceInfo } from '../server/localService';
import { registerCommand } from './register';
import { askRecordId, pick } from './prompts';
import type { Services } from './services';

/** Fetches the MOL block of `kind` exactly as received and inserts it at the cursor. */
export async function insertMol(s: Services, recordId: number, kind: MolKind): Promise<Inserted & { text: string }> {
  const { client } = await s.connection.get();
  const text =
    kind === 'original' ? await client.getOriginalMol(recordId) : kind === '3d' ? await client.compound(recordId).mol3D() : await client.compound(recordId).mol2D();
  if (text === undefined || text === '') throw new Error(`Record ${recordId} has no ${kind.toUpperCase()} MOL block`);
  const inserted = await insertTextAtCursor(text);
  return { ...inserted, text };
}

export function registerServerCommands(s: Services): vscode.Disposable[] {
  return [
    registerCommand<{ recordId?: number | string; kind?: MolKind }, Inserted & { text: string }>('compoundDb.insertMol', s.log, async (a) => {
      const title = 'Insert MOL Block';
      const recordId = a?.recordId !== undefined ? Number(a.recordId) : await askRecordId(title);
      const kind =
        a?.kind ??
        (await pick(title, [
          { label: '2D', value: '2d' as const },
          { label: '3D', value: '3d' as const },
          { label: 'Original (as first submitted; older interface)', value: 'original' as const },
        ]));
      return insertMol(s, recordId, kind);
    }),
    registerCommand<object, LocalServiceInfo | undefined>('compoundDb.useBuiltInDatabase', s.log, async () => {
      const config = vscode.workspace.getConfiguration('compoundDb');
      if (config.inspect<string>('serverUrl')?.globalValue) await config.update('serverUrl', undefined, vscode.ConfigurationTarget.Global);
      const info = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: 'Compound DB: starting the built-in database' },
        () => s.local.ensureStarted(),
      );
      return info;
    }),
    registerCommand<object, LocalServiceInfo>('compoundDb.restartLocalService', s.log, async () =>
      vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Compound DB: restarting the built-in database' }, () => s.local.restart()),
    ),
    registerCommand<object, void>('compoundDb.showLog', s.log, async () => s.log.channel.show(true)),
  ];
}
