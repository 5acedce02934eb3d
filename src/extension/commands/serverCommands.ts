import * as vscode from 'vscode';
import type { MolKind } from '../../webview/protocol';
import type { Inserted } from '../mol/insertText';
import type { LocalServiceInfo } from '../server/localService';
import { defineCommand, type CommandDefinition } from './defineCommand';
import { pick, recordIdOf } from './prompts';
import type { Services } from './services';

export function defineServerCommands(s: Services): CommandDefinition[] {
  return [
    defineCommand<{ recordId?: number | string; kind?: MolKind }, Inserted & { text: string }>('compoundDb.insertMol', s.log, async (a) => {
      const title = vscode.l10n.t('Insert MOL Block');
      const recordId = await recordIdOf(a, title);
      const kind =
        a?.kind ??
        (await pick(title, [
          { label: '2D', value: '2d' as const },
          { label: '3D', value: '3d' as const },
          { label: vscode.l10n.t('Original (as first submitted; older interface)'), value: 'original' as const },
        ]));
      return s.insertMol(recordId, kind);
    }),
    defineCommand<object, LocalServiceInfo | undefined>('compoundDb.useBuiltInDatabase', s.log, async () => {
      const config = vscode.workspace.getConfiguration('compoundDb');
      if (config.inspect<string>('serverUrl')?.globalValue) await config.update('serverUrl', undefined, vscode.ConfigurationTarget.Global);
      return vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Compound DB: starting the built-in database') },
        () => s.local.ensureStarted(),
      );
    }),
    defineCommand<object, LocalServiceInfo>('compoundDb.restartLocalService', s.log, async () =>
      vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Compound DB: restarting the built-in database') },
        () => s.local.restart(),
      ),
    ),
    defineCommand<object, void>('compoundDb.showLog', s.log, async () => s.log.channel.show(true)),
  ];
}
