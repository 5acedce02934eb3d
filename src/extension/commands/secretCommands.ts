import * as vscode from 'vscode';
import { errorMessage } from '../common/errors';
import type { SecretName } from '../config/secretStore';
import { askText } from './prompts';
import { defineCommand, type CommandDefinition } from './defineCommand';
import type { Services } from './services';

const WHAT: Record<SecretName, () => { title: string; prompt: string }> = {
  apiKey: () => ({
    title: vscode.l10n.t('Set API Key'),
    prompt: vscode.l10n.t('API key of the current interface (kept in VS Code secret storage, never in settings)'),
  }),
  token: () => ({
    title: vscode.l10n.t('Set Security Token'),
    prompt: vscode.l10n.t('Security token of the older interface (kept in VS Code secret storage, never in settings)'),
  }),
};

/** Linux without a keyring: SecretStorage.store rejects. Say what to do instead of failing obscurely. */
function storageAdvice(error: unknown): string {
  return vscode.l10n.t(
    'Could not save the secret: {0}. On Linux, VS Code needs a keyring (GNOME Keyring or KWallet) running; or start VS Code with {1}, or set {2} in the runtime arguments (argv.json).',
    errorMessage(error),
    '--password-store="basic"',
    '"password-store": "basic"',
  );
}

export function defineSecretCommands(s: Services): CommandDefinition[] {
  const set = (name: SecretName, id: string) =>
    defineCommand<{ value?: string }, boolean>(id, s.log, async (a) => {
      const value =
        a?.value ??
        (await askText({
          ...WHAT[name](),
          password: true,
          validate: (v) => (v.trim() === '' ? vscode.l10n.t('Enter a value, or press Escape') : undefined),
        }));
      try {
        await s.secrets.store(name, value.trim());
      } catch (error) {
        const advice = storageAdvice(error);
        void vscode.window.showErrorMessage(advice);
        throw new Error(advice, { cause: error });
      }
      s.log.info(`${name === 'apiKey' ? 'API key' : 'Security token'} saved in secret storage`);
      if (!a)
        void vscode.window.showInformationMessage(
          name === 'apiKey' ? vscode.l10n.t('Compound DB: API key saved.') : vscode.l10n.t('Compound DB: security token saved.'),
        );
      return true;
    });
  const clear = (name: SecretName, id: string) =>
    defineCommand<object, boolean>(id, s.log, async () => {
      const had = !!(await s.secrets.get(name));
      await s.secrets.delete(name);
      s.log.info(`${name === 'apiKey' ? 'API key' : 'Security token'} removed from secret storage`);
      return had;
    });
  return [
    set('apiKey', 'compoundDb.setApiKey'),
    clear('apiKey', 'compoundDb.clearApiKey'),
    set('token', 'compoundDb.setToken'),
    clear('token', 'compoundDb.clearToken'),
  ];
}
