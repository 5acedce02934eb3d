import * as vscode from 'vscode';
import { DEFAULT_API_VERSION, LIMITS } from '../../wire/limits';
import { isDirection, isSortKey, type Direction, type SortKey } from '../../wire/sort';

export const SECTION = 'compoundDb';

export type HoverKind = 'inchikey' | 'smiles';

/** Everything the extension reads from `compoundDb.*`: one object, read again only when one of them changes. */
export interface Settings {
  /** Empty: the built-in local database. */
  serverUrl: string;
  legacyServerUrl: string;
  apiVersion: string;
  userAgent: string;
  requestTimeoutMs: number;
  statusCheckLimit: number;
  hoverEnabled: Record<HoverKind, boolean>;
  hoverSendToRemote: Record<HoverKind, boolean>;
  /** Name each InChIKey and SMILES in .csv, .tsv and .smi files and notebook cells with an inlay hint. */
  inlayHints: boolean;
  dataSources: string[];
  sortKey: SortKey | undefined;
  direction: Direction;
  localDataFiles: string[];
  /** Bulk resolve against a remote server: requests a second and in flight (the built-in database is not paced). */
  resolveRate: number;
  resolveConcurrency: number;
}

let current: Settings | undefined;
let watching = false;
let changed: vscode.EventEmitter<vscode.ConfigurationChangeEvent> | undefined;

/** The settings now: read once per change while `watchSettings` runs (activation starts it), else read afresh. */
export function readSettings(): Settings {
  if (!watching) return read();
  return (current ??= read());
}

/** Keeps `readSettings()` current and fires `onDidChangeSettings`; activation calls it once. */
export function watchSettings(): vscode.Disposable {
  watching = true;
  changed ??= new vscode.EventEmitter();
  const emitter = changed;
  const subscription = vscode.workspace.onDidChangeConfiguration((e) => {
    if (!e.affectsConfiguration(SECTION)) return;
    current = undefined;
    emitter.fire(e);
  });
  return new vscode.Disposable(() => {
    subscription.dispose();
    emitter.dispose();
    changed = undefined;
    current = undefined;
    watching = false;
  });
}

/** A `compoundDb.*` setting changed (the event says which); `readSettings()` already gives the new values. */
export function onDidChangeSettings(listener: (e: vscode.ConfigurationChangeEvent) => void): vscode.Disposable {
  if (!changed) throw new Error('watchSettings() has not run');
  return changed.event(listener);
}

function read(): Settings {
  const c = vscode.workspace.getConfiguration(SECTION);
  const sortKey = c.get<string>('search.sortKey', '');
  const direction = c.get<string>('search.direction', 'ascending');
  return {
    serverUrl: c.get<string>('serverUrl', '').trim().replace(/\/+$/, ''),
    legacyServerUrl: c.get<string>('legacyServerUrl', '').trim().replace(/\/+$/, ''),
    apiVersion: c.get<string>('apiVersion', DEFAULT_API_VERSION) || DEFAULT_API_VERSION,
    userAgent: c.get<string>('userAgent', ''),
    requestTimeoutMs: Math.max(1000, c.get<number>('requestTimeout', 30000)),
    statusCheckLimit: Math.max(1, c.get<number>('search.statusCheckLimit', LIMITS.statusChecks)),
    hoverEnabled: { inchikey: c.get<boolean>('hover.inchikey.enabled', true), smiles: c.get<boolean>('hover.smiles.enabled', true) },
    hoverSendToRemote: {
      inchikey: c.get<boolean>('hover.inchikey.sendToRemoteServer', true),
      smiles: c.get<boolean>('hover.smiles.sendToRemoteServer', false),
    },
    inlayHints: c.get<boolean>('inlayHints.enabled', true),
    dataSources: c.get<string[]>('search.dataSources', []).filter((s) => typeof s === 'string' && s.trim() !== ''),
    sortKey: isSortKey(sortKey) ? sortKey : undefined,
    direction: isDirection(direction) ? direction : 'ascending',
    localDataFiles: c.get<string[]>('localService.dataFiles', []).filter((s) => typeof s === 'string' && s.trim() !== ''),
    resolveRate: Math.min(1000, Math.max(0.1, c.get<number>('resolve.requestsPerSecond', 5) || 5)),
    resolveConcurrency: Math.min(16, Math.max(1, Math.floor(c.get<number>('resolve.concurrency', 4) || 4))),
  };
}

/** Settings whose change means a different server or client. */
export const CONNECTION_SETTINGS = ['serverUrl', 'legacyServerUrl', 'apiVersion', 'userAgent', 'requestTimeout'].map((k) => `${SECTION}.${k}`);
export const LOCAL_SERVICE_SETTINGS = [`${SECTION}.localService.dataFiles`];
