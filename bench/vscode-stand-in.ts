/**
 * A stand-in `vscode` module for timing the bundle's load and activate() outside VS Code: every namespace and
 * function exists and does nothing, returning a disposable stand-in; settings read their defaults, mementos and
 * secrets are empty, `l10n.t` formats, and `EventEmitter` delivers events. Enough to run activation, not to test it.
 */
import * as fs from 'fs';
import * as path from 'path';

type AnyFunction = (...args: unknown[]) => unknown;

/** A callable, constructible object whose every property is another such object (the same one per name). */
function anything(): AnyFunction {
  const children = new Map<PropertyKey, unknown>();
  const target = function () {
    return undefined;
  } as unknown as AnyFunction;
  const proxy: AnyFunction = new Proxy(target, {
    get(_t, key) {
      if (key === 'then') return undefined; // not a promise: `await x` gives x
      if (key === Symbol.toPrimitive) return () => '';
      if (key === 'dispose') return () => undefined;
      if (!children.has(key)) children.set(key, anything());
      return children.get(key);
    },
    set(_t, key, value) {
      children.set(key, value);
      return true;
    },
    apply: () => anything(),
    construct: () => anything() as unknown as object,
  });
  return proxy;
}

class EventEmitter<T> {
  private listeners: Array<(e: T) => void> = [];
  readonly event = (listener: (e: T) => void) => {
    this.listeners.push(listener);
    return { dispose: () => (this.listeners = this.listeners.filter((l) => l !== listener)) };
  };
  fire(e: T): void {
    for (const l of this.listeners) l(e);
  }
  dispose(): void {
    this.listeners = [];
  }
}

class Disposable {
  constructor(private readonly onDispose: () => void = () => undefined) {}
  static from(...items: Array<{ dispose(): unknown }>): Disposable {
    return new Disposable(() => items.forEach((d) => d.dispose()));
  }
  dispose(): void {
    this.onDispose();
  }
}

const format = (message: string, ...args: unknown[]) => message.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)]));

/** The API's names the extension may touch; each is a do-nothing stand-in unless given below. */
const API_NAMES = [
  'window',
  'workspace',
  'commands',
  'languages',
  'extensions',
  'env',
  'notebooks',
  'debug',
  'tasks',
  'authentication',
  'chat',
  'lm',
  'Uri',
  'ThemeIcon',
  'ThemeColor',
  'TreeItem',
  'TreeItemCollapsibleState',
  'MarkdownString',
  'Hover',
  'Range',
  'Position',
  'Selection',
  'StatusBarAlignment',
  'ViewColumn',
  'ProgressLocation',
  'ConfigurationTarget',
  'FileType',
  'CancellationTokenSource',
  'CancellationError',
  'WorkspaceEdit',
  'TextEdit',
  'NotebookEdit',
  'NotebookRange',
  'SnippetString',
  'DataTransferItem',
  'UIKind',
  'ExtensionMode',
  'LogLevel',
  'DiagnosticSeverity',
  'Diagnostic',
];

export function vscodeStandIn(): Record<string, unknown> {
  const api: Record<string, unknown> = {};
  for (const name of API_NAMES) api[name] = anything();
  const configuration = {
    get: (_key: string, fallback?: unknown) => fallback,
    has: () => false,
    inspect: () => undefined,
    update: async () => undefined,
  };
  const workspace = api.workspace as Record<string, unknown>;
  return Object.assign(api, {
    EventEmitter,
    Disposable,
    l10n: {
      t: (message: string | { message: string; args?: unknown[] }, ...args: unknown[]) =>
        typeof message === 'string' ? format(message, ...args) : format(message.message, ...(message.args ?? [])),
    },
    workspace: new Proxy({ getConfiguration: () => configuration, workspaceFolders: undefined } as Record<PropertyKey, unknown>, {
      get: (t, k) => (k in t ? t[k] : workspace[k as string]),
    }),
  });
}

/** An ExtensionContext with empty state and a fresh subscriptions list; its manifest read as VS Code has it before activation. */
export function standInContext(extensionPath: string): Record<string, unknown> {
  const packageJSON = JSON.parse(fs.readFileSync(path.join(extensionPath, 'package.json'), 'utf8')) as unknown;
  const memento = { get: (_key: string, fallback?: unknown) => fallback, update: async () => undefined, keys: () => [] };
  return {
    subscriptions: [] as Array<{ dispose(): unknown }>,
    extensionPath,
    extension: { packageJSON },
    extensionUri: { fsPath: extensionPath, toString: () => `file://${extensionPath}` },
    asAbsolutePath: (p: string) => `${extensionPath}/${p}`,
    globalState: memento,
    workspaceState: memento,
    secrets: {
      get: async () => undefined,
      store: async () => undefined,
      delete: async () => undefined,
      onDidChange: new EventEmitter<unknown>().event,
    },
    logUri: { fsPath: '/nonexistent-log-folder' },
    globalStorageUri: { fsPath: '/nonexistent-storage' },
    extensionMode: 1,
  };
}
