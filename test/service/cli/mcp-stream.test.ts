/**
 * `compound-db mcp`'s stdio under hostile messages: one over the limit is answered with a JSON-RPC error (and a line
 * on stderr) and the server keeps serving, through the SDK's client and over raw stdio; reading is linear in the
 * message's size (the SDK's own ReadBuffer, quadratic, measured beside ours in the same run).
 */
import * as assert from 'assert';
import * as path from 'path';
import { spawn, type ChildProcessWithoutNullStreams } from 'child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ReadBuffer } from '@modelcontextprotocol/sdk/shared/stdio.js';
import { LineReader, MCP_MESSAGE_MAX_BYTES } from '../../../src/cli/mcp-stdio';
import { COMPOUND_TOOLS } from '../../../src/tools';

const BIN = path.resolve(__dirname, '../../../../bin/compound-db.js');

/** A ping request of about `bytes` bytes (the padding in its params' `_meta`). */
function ping(id: number, bytes: number): string {
  const head = `{"jsonrpc":"2.0","id":${id},"method":"ping","params":{"_meta":{"pad":"`;
  const tail = '"}}}';
  return `${head}${'x'.repeat(Math.max(0, bytes - head.length - tail.length))}${tail}\n`;
}

/** A raw `compound-db mcp` with its answers read line by line. */
class RawServer {
  readonly child: ChildProcessWithoutNullStreams;
  private buffered = '';
  private readonly waiting: Array<(line: string) => void> = [];
  private readonly lines: string[] = [];
  stderr = '';

  constructor() {
    this.child = spawn(process.execPath, [BIN, 'mcp'], { env: { PATH: process.env.PATH ?? '' }, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      this.buffered += chunk;
      for (let nl = this.buffered.indexOf('\n'); nl >= 0; nl = this.buffered.indexOf('\n')) {
        const line = this.buffered.slice(0, nl);
        this.buffered = this.buffered.slice(nl + 1);
        const waiter = this.waiting.shift();
        if (waiter) waiter(line);
        else this.lines.push(line);
      }
    });
    this.child.stderr.setEncoding('utf8').on('data', (chunk: string) => (this.stderr += chunk));
  }

  next(): Promise<string> {
    const line = this.lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer; stderr: ${this.stderr}`)), 60_000);
      this.waiting.push((l) => {
        clearTimeout(timer);
        resolve(l);
      });
    });
  }

  async send(text: string): Promise<{ answer: { id?: unknown; result?: unknown; error?: { code: number; message: string } }; ms: number }> {
    const started = performance.now();
    if (!this.child.stdin.write(text)) await new Promise((r) => this.child.stdin.once('drain', r));
    const answer = JSON.parse(await this.next());
    return { answer, ms: performance.now() - started };
  }
}

describe('compound-db mcp: messages over the limit and reading time', function () {
  this.timeout(180_000);

  it('reads a line in time linear in its size (the SDK ReadBuffer beside it, same chunks, same run)', () => {
    const timings: string[] = [];
    for (const mb of [1, 8]) {
      const message = Buffer.from(ping(1, mb * 1024 * 1024));
      const chunks: Buffer[] = [];
      for (let i = 0; i < message.length; i += 65_536) chunks.push(message.subarray(i, i + 65_536));
      let ours = 0;
      let t = performance.now();
      const reader = new LineReader(
        MCP_MESSAGE_MAX_BYTES,
        () => ours++,
        () => assert.fail('not over the limit'),
      );
      for (const c of chunks) reader.push(c);
      const oursMs = performance.now() - t;
      t = performance.now();
      const sdk = new ReadBuffer();
      let theirs = 0;
      for (const c of chunks) {
        sdk.append(c);
        while (sdk.readMessage()) theirs++;
      }
      const sdkMs = performance.now() - t;
      assert.strictEqual(ours, 1);
      assert.strictEqual(theirs, 1);
      timings.push(`${mb} MB: ours ${oursMs.toFixed(1)} ms, the SDK's ReadBuffer ${sdkMs.toFixed(1)} ms`);
      if (mb === 8) assert.ok(oursMs < sdkMs, `8 MB: ours ${oursMs} ms, the SDK's ${sdkMs} ms`);
    }
    console.log(`      ${timings.join('; ')}`);
  });

  it('answers an over-limit message with a JSON-RPC error, says why on stderr, and keeps serving (raw stdio)', async () => {
    const server = new RawServer();
    try {
      const init = await server.send(
        `${JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } })}\n`,
      );
      assert.ok(init.answer.result, JSON.stringify(init.answer));
      server.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
      const sizes: string[] = [];
      for (const mb of [1, 8]) {
        const { answer, ms } = await server.send(ping(mb, mb * 1024 * 1024));
        assert.deepStrictEqual(answer, { jsonrpc: '2.0', id: mb, result: {} });
        sizes.push(`${mb} MB ping answered in ${ms.toFixed(0)} ms`);
      }
      const over = await server.send(ping(11, MCP_MESSAGE_MAX_BYTES + 1024));
      assert.strictEqual(over.answer.id, 11);
      assert.strictEqual(over.answer.error?.code, -32600);
      assert.match(over.answer.error?.message ?? '', /over the limit of 10485760 bytes/);
      const garbage = await server.send('this is not json\n');
      assert.strictEqual(garbage.answer.error?.code, -32700);
      const after = await server.send(ping(12, 100));
      assert.deepStrictEqual(after.answer, { jsonrpc: '2.0', id: 12, result: {} });
      console.log(`      ${sizes.join('; ')}; over the limit answered in ${over.ms.toFixed(0)} ms`);
      assert.match(server.stderr, /compound-db mcp: a message of \d+ bytes is over the limit/);
      assert.strictEqual(server.child.exitCode, null, 'the server is still running');
    } finally {
      server.child.kill();
    }
  });

  it('gives the SDK client an error for its over-limit call, then answers the next call', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp'],
      env: { PATH: process.env.PATH ?? '' },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'compound-db-tests', version: '1.0.0' });
    await client.connect(transport);
    try {
      await assert.rejects(
        client.callTool({ name: 'compound_convert', arguments: { input: 'C'.repeat(MCP_MESSAGE_MAX_BYTES), from: 'SMILES', to: 'InChI' } }),
        (err: Error & { code?: number }) => err.code === -32600 && /over the limit/.test(err.message),
      );
      const { tools } = await client.listTools();
      assert.deepStrictEqual(tools.map((t) => t.name).sort(), COMPOUND_TOOLS.map((t) => t.name).sort(), 'the server still lists every tool');
    } finally {
      await client.close();
    }
  });
});
