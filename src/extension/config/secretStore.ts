import * as vscode from 'vscode';
import { Disposable } from '../common/lifecycle';

export type SecretName = 'apiKey' | 'token';
const KEYS: Record<SecretName, string> = { apiKey: 'compoundDb.apiKey', token: 'compoundDb.securityToken' };

/**
 * The API key and security token, kept only in SecretStorage. Values are cached so log redaction
 * can be synchronous; `onDidChange` follows changes made in other windows.
 */
export class SecretStore extends Disposable {
  private readonly _onDidChange = this._register(new vscode.EventEmitter<SecretName>());
  readonly onDidChange = this._onDidChange.event;
  private readonly cache = new Map<SecretName, string | undefined>();

  constructor(private readonly secrets: vscode.SecretStorage) {
    super();
    this._register(
      secrets.onDidChange(async (e) => {
        const name = (Object.keys(KEYS) as SecretName[]).find((n) => KEYS[n] === e.key);
        if (!name) return;
        this.cache.set(name, await this.secrets.get(KEYS[name]));
        this._onDidChange.fire(name);
      }),
    );
  }

  async get(name: SecretName): Promise<string | undefined> {
    if (!this.cache.has(name)) this.cache.set(name, (await this.secrets.get(KEYS[name])) || undefined);
    return this.cache.get(name);
  }

  /** Known secret values, for redaction. */
  knownValues(): string[] {
    return [...this.cache.values()].filter((v): v is string => !!v);
  }

  async store(name: SecretName, value: string): Promise<void> {
    await this.secrets.store(KEYS[name], value);
    this.cache.set(name, value);
    this._onDidChange.fire(name);
  }

  async delete(name: SecretName): Promise<void> {
    await this.secrets.delete(KEYS[name]);
    this.cache.set(name, undefined);
    this._onDidChange.fire(name);
  }
}
