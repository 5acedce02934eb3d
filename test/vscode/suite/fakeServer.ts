/** A stand-in remote server on 127.0.0.1 that records every request and answers with `respond`. */
import * as http from 'http';
import type { AddressInfo } from 'net';
import { run, setSetting } from './helpers';

export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status?: number;
  json?: unknown;
  /** Answer nothing: the request stays open until the client hangs up (then it is listed in `hungUp`). */
  hang?: boolean;
}

export interface FakeServer {
  url: string;
  requests: SeenRequest[];
  /** Requests answered with `hang` whose connection the client closed. */
  hungUp: SeenRequest[];
  close(): Promise<void>;
}

export async function startFakeServer(respond: (request: SeenRequest) => Reply): Promise<FakeServer> {
  const requests: SeenRequest[] = [];
  const hungUp: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(seen);
      const reply = respond(seen);
      if (reply.hang) {
        res.on('close', () => hungUp.push(seen));
        return;
      }
      const status = reply.status ?? 200;
      res.writeHead(status, { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' });
      res.end(JSON.stringify(reply.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    hungUp,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * For a suite: a fake server set as `compoundDb.serverUrl` with an API key stored, both undone afterwards.
 * Returns a getter of the running server.
 */
export function useFakeRemoteServer(respond: (request: SeenRequest) => Reply, apiKey: string): () => FakeServer {
  let server: FakeServer;
  suiteSetup(async () => {
    server = await startFakeServer(respond);
    await run('compoundDb.setApiKey', { value: apiKey });
    await setSetting('serverUrl', server.url);
  });
  suiteTeardown(async () => {
    await setSetting('serverUrl', undefined);
    await run('compoundDb.clearApiKey', {});
    await server.close();
  });
  return () => server;
}
