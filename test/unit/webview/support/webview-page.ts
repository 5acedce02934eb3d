/**
 * A webview page of this extension in plain Node: its bundled script (esbuild, as `esbuild.js` builds it) run in a
 * jsdom window whose `acquireVsCodeApi` talks to a real HostEndpoint through postMessage-like delivery (later, as a
 * structured clone). No VS Code and no browser: for the page's own logic; journeys stay in the VS Code suite.
 */
import * as path from 'path';
import { buildSync } from 'esbuild';
import { JSDOM } from 'jsdom';
import { HostEndpoint, type EndpointOptions } from '../../../../src/webview-protocol/endpoint';
import type { Handlers, Protocol } from '../../../../src/webview-protocol/protocol';

const root = path.resolve(__dirname, '../../../../..');
const bundles = new Map<string, string>();

function bundle(entry: string): string {
  let code = bundles.get(entry);
  if (code === undefined) {
    const out = buildSync({
      entryPoints: [path.join(root, entry)],
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'iife',
      target: 'es2022',
      tsconfig: path.join(root, 'tsconfig.webview.json'),
      logLevel: 'silent',
    });
    code = out.outputFiles[0].text;
    bundles.set(entry, code);
  }
  return code;
}

export interface WebviewPage<P extends Protocol> {
  window: JSDOM['window'];
  host: HostEndpoint<P>;
  state(): unknown;
  close(): void;
}

/**
 * Loads `entry`'s bundle into `body`, its host answering with `handlers`; `testHooks` marks the body as the extension does
 * in test mode; `prepare` sees the window before the script runs.
 */
export function openWebviewPage<P extends Protocol>(
  entry: string,
  body: string,
  handlers: Handlers<P['requests']>,
  options: { testHooks: boolean; prepare?: (window: JSDOM['window']) => void } & EndpointOptions,
): WebviewPage<P> {
  const dom = new JSDOM(`<!DOCTYPE html><html><body${options.testHooks ? ' data-test-hooks="on"' : ''}>${body}</body></html>`, {
    runScripts: 'outside-only',
    pretendToBeVisual: true,
  });
  const window = dom.window;
  const toHost = new Set<(message: unknown) => void>();
  let state: unknown;
  let closed = false;
  Object.assign(window, {
    acquireVsCodeApi: () => ({
      postMessage: (message: unknown) => {
        const copy = structuredClone(message);
        setImmediate(() => !closed && toHost.forEach((l) => l(copy)));
      },
      getState: () => state,
      setState: (s: unknown) => (state = s),
    }),
  });
  const host = new HostEndpoint<P>(
    {
      post: (message) => {
        const copy = structuredClone(message);
        setImmediate(() => !closed && window.dispatchEvent(new window.MessageEvent('message', { data: copy })));
      },
      listen: (listener) => {
        toHost.add(listener);
        return () => toHost.delete(listener);
      },
    },
    handlers,
    options,
  );
  options.prepare?.(window);
  window.eval(bundle(entry));
  return {
    window,
    host,
    state: () => state,
    close: () => {
      closed = true;
      host.dispose();
      window.close();
    },
  };
}
