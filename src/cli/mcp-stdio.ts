/**
 * The MCP server's stdio transport: newline-delimited JSON-RPC as the SDK's StdioServerTransport speaks it, read in
 * time linear in the bytes. (The SDK's ReadBuffer joins every chunk onto all it holds and searches the whole buffer
 * for a newline again: a message of 8 MB took 3 s; and past its 10 MB it closed the transport, so the server exited 0
 * with no word.) A message over MCP_MESSAGE_MAX_BYTES is skipped up to its newline, never held, and answered with a
 * JSON-RPC error (with its id when one of its ends shows it) and a line on stderr; one that is not JSON-RPC
 * is answered with a parse error. Either way the server goes on serving.
 */
import { deserializeMessage, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** Bytes of one message at most (the SDK's own bound). */
export const MCP_MESSAGE_MAX_BYTES = 10 * 1024 * 1024;
const NEWLINE = 0x0a;
/** Bytes kept of each end of a message over the limit. */
const EDGE = 256;
/** JSON-RPC 2.0 error codes. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

/** Splits a byte stream into lines; a line over `max` bytes is counted, not kept. */
export class LineReader {
  private parts: Buffer[] = [];
  private size = 0;
  private over = false;
  private tail = Buffer.alloc(0);

  constructor(
    private readonly max: number,
    private readonly onLine: (line: Buffer) => void,
    private readonly onOversize: (bytes: number, head: Buffer, tail: Buffer) => void,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (let nl = chunk.indexOf(NEWLINE, start); nl >= 0; nl = chunk.indexOf(NEWLINE, start)) {
      this.take(chunk.subarray(start, nl));
      this.end();
      start = nl + 1;
    }
    if (start < chunk.length) this.take(chunk.subarray(start));
  }

  private take(piece: Buffer): void {
    if (this.over) {
      this.size += piece.length;
      this.tail = Buffer.concat([this.tail, piece.subarray(Math.max(0, piece.length - EDGE))]).subarray(-EDGE);
      return;
    }
    this.parts.push(piece);
    this.size += piece.length;
    if (this.size > this.max) {
      // Keep only the message's two ends (its id is at one of them); the rest is counted.
      const all = Buffer.concat(this.parts);
      this.parts = [Buffer.from(all.subarray(0, EDGE))];
      this.tail = Buffer.from(all.subarray(-EDGE));
      this.over = true;
    }
  }

  private end(): void {
    const { parts, size, over, tail } = this;
    this.parts = [];
    this.size = 0;
    this.over = false;
    this.tail = Buffer.alloc(0);
    if (over) this.onOversize(size, parts[0], tail);
    else this.onLine(Buffer.concat(parts, size));
  }
}

const ID = String.raw`"id"\s*:\s*("(?:[^"\\]|\\.){0,100}"|-?\d{1,15})`;

/**
 * The JSON-RPC id of a message over the limit, from its two ends: a member before its params (`{"jsonrpc":"2.0","id":1,
 * "params":...`) or its object's last member (`...},"id":1}`, as the SDK writes requests); null when neither shows one.
 */
export function idOf(head: Buffer, tail: Buffer): string | number | null {
  const m =
    new RegExp(`${ID}\\s*[,}]`).exec(head.toString('utf8').split('"params"')[0]) ?? new RegExp(`[,{]\\s*${ID}\\s*}\\s*$`).exec(tail.toString('utf8'));
  if (!m) return null;
  return m[1].startsWith('"') ? (JSON.parse(m[1]) as string) : Number(m[1]);
}

export class LinearStdioServerTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private readonly reader: LineReader;
  private started = false;

  constructor(
    private readonly stdin: NodeJS.ReadableStream = process.stdin,
    private readonly stdout: NodeJS.WritableStream = process.stdout,
    private readonly note: (line: string) => void = (line) => void process.stderr.write(`${line}\n`),
    max = MCP_MESSAGE_MAX_BYTES,
  ) {
    this.reader = new LineReader(
      max,
      (line) => this.line(line),
      (bytes, head, tail) => this.oversize(bytes, idOf(head, tail), max),
    );
  }

  private readonly onData = (chunk: Buffer): void => this.reader.push(chunk);
  private readonly onError = (error: Error): void => this.onerror?.(error);

  start(): Promise<void> {
    if (this.started) throw new Error('the stdio transport is already started');
    this.started = true;
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onError);
    return Promise.resolve();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(serializeMessage(message))) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  close(): Promise<void> {
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onError);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.onclose?.();
    return Promise.resolve();
  }

  private line(bytes: Buffer): void {
    const text = bytes.toString('utf8').replace(/\r$/, '');
    if (text.trim() === '') return;
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(text);
    } catch (error) {
      this.note(`compound-db mcp: a message of ${bytes.length} bytes is not JSON-RPC; answered with a parse error`);
      void this.send({
        jsonrpc: '2.0',
        id: null,
        error: { code: PARSE_ERROR, message: 'Parse error: the message is not a JSON-RPC 2.0 message' },
      } as never);
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    this.onmessage?.(message);
  }

  private oversize(bytes: number, id: string | number | null, max: number): void {
    const why = `a message of ${bytes} bytes is over the limit of ${max} bytes; it was not read`;
    this.note(`compound-db mcp: ${why}`);
    void this.send({ jsonrpc: '2.0', id, error: { code: INVALID_REQUEST, message: `Invalid request: ${why}` } } as never);
  }
}
