import * as vscode from 'vscode';
import type { CompoundDbClient, QueryTimes } from '../../client';
import { Disposable } from '../common/lifecycle';
import type { Logger } from '../common/logger';
import { Once } from '../../shared/in-flight';
import { CONNECTION_SETTINGS, LOCAL_SERVICE_SETTINGS, readSettings } from '../config/settings';
import type { SecretStore } from '../config/secretStore';
import { LOCAL_API_KEY, LOCAL_TOKEN, type LocalService } from './localService';
import { userAgent } from './userAgent';

export interface ActiveServer {
  kind: 'local' | 'remote';
  baseUrl: string;
  legacyBaseUrl: string;
}

export interface Connected {
  client: CompoundDbClient;
  server: ActiveServer;
}

export class MissingApiKeyError extends Error {
  constructor() {
    super(
      vscode.l10n.t(
        'No API key is set for the configured server. Run "{0}", or clear {1} to use the built-in database.',
        vscode.l10n.t('Compound DB: Set API Key'),
        'compoundDb.serverUrl',
      ),
    );
  }
}

/**
 * Decides which server is active (the configured one, or the built-in local service) and builds the
 * client for it. A new client is made whenever settings, secrets or the local service change.
 */
export class Connection extends Disposable {
  private readonly connected = new Once<Connected>();
  private readonly _onDidChange = this._register(new vscode.EventEmitter<void>());
  /** The active server or its credentials changed: caches of server answers are stale. */
  readonly onDidChange = this._onDidChange.event;

  constructor(
    private readonly secrets: SecretStore,
    private readonly local: LocalService,
    private readonly log: Logger,
    private readonly queryTimes?: QueryTimes,
  ) {
    super();
    const reset = () => {
      this.connected.reset();
      this._onDidChange.fire();
    };
    this._register(secrets.onDidChange(reset));
    // Stopped or failed: the next start listens on another port. (Running follows a start that `connect` awaits.)
    this._register(local.onDidChangeState((s) => (s === 'stopped' || s === 'failed') && reset()));
    this._register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (CONNECTION_SETTINGS.some((s) => e.affectsConfiguration(s))) reset();
        if (LOCAL_SERVICE_SETTINGS.some((s) => e.affectsConfiguration(s)) && local.state === 'running') {
          local.restart().catch((err: Error) => log.error(err));
        }
      }),
    );
  }

  /** True when no remote server is configured: lookups go to the built-in database. */
  usesLocal(): boolean {
    return readSettings().serverUrl === '';
  }

  get(): Promise<Connected> {
    return this.connected.get(() => this.connect());
  }

  private async connect(): Promise<Connected> {
    const settings = readSettings();
    let server: ActiveServer;
    let apiKey: string | undefined;
    let token: string | undefined;
    if (settings.serverUrl === '') {
      const info = await this.local.ensureStarted();
      server = { kind: 'local', baseUrl: info.baseUrl, legacyBaseUrl: info.legacyBaseUrl };
      apiKey = LOCAL_API_KEY;
      token = LOCAL_TOKEN;
    } else {
      server = { kind: 'remote', baseUrl: settings.serverUrl, legacyBaseUrl: settings.legacyServerUrl || settings.serverUrl };
      apiKey = await this.secrets.get('apiKey');
      token = await this.secrets.get('token');
      if (!apiKey && !token) throw new MissingApiKeyError();
    }
    // The client library (its XML parser, resolver, ...) is evaluated on the first connection, not at activation.
    const { CompoundDbClient, MemoryCompoundCache } = await import('../../client/index.js');
    const client = new CompoundDbClient({
      baseUrl: server.baseUrl,
      legacyBaseUrl: server.legacyBaseUrl,
      apiKey,
      token,
      apiVersion: settings.apiVersion,
      userAgent: settings.userAgent || userAgent(),
      timeoutMs: settings.requestTimeoutMs,
      cache: new MemoryCompoundCache(500),
      queryTimes: this.queryTimes,
      log: (entry) => this.log.request(entry),
    });
    return { client, server };
  }
}
