/**
 * One kept-alive HTTP/1.1 connection with one request in flight at a time (no pipelining), for throughput
 * benches whose client shares the cores with the service: Node's `http.request` costs ~0.1 ms of CPU per call
 * (agent, header objects, events), as much as the service's own work on a record lookup. This writes a request
 * as one prepared string and reads the status and the Content-Length body (the service always sends one).
 */
import * as net from 'net';

export interface RawResponse {
  status: number;
  body: Buffer;
}

const HEADER_END = Buffer.from('\r\n\r\n');

export class KeepAliveConnection {
  private readonly socket: net.Socket;
  private readonly connected: Promise<void>;
  private buffered: Buffer = Buffer.alloc(0);
  private waiting?: { resolve: (r: RawResponse) => void; reject: (err: Error) => void };

  constructor(
    private readonly base: URL,
    private readonly headers: Record<string, string>,
  ) {
    this.socket = net.connect(Number(base.port), base.hostname);
    this.socket.setNoDelay(true);
    this.connected = new Promise((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('error', reject);
    });
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('error', (err) => this.fail(err));
    this.socket.on('close', () => this.fail(new Error('the service closed the connection')));
  }

  async request(method: 'GET' | 'POST', path: string, body?: string): Promise<RawResponse> {
    await this.connected;
    if (this.waiting) throw new Error('one request at a time on a KeepAliveConnection');
    let head = `${method} ${path} HTTP/1.1\r\nHost: ${this.base.host}\r\n`;
    for (const [name, value] of Object.entries(this.headers)) head += `${name}: ${value}\r\n`;
    if (body !== undefined) head += `Content-Length: ${Buffer.byteLength(body)}\r\n`;
    const answer = new Promise<RawResponse>((resolve, reject) => (this.waiting = { resolve, reject }));
    this.socket.write(`${head}\r\n${body ?? ''}`);
    return answer;
  }

  close(): void {
    this.socket.destroy();
  }

  private read(chunk: Buffer): void {
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    const end = this.buffered.indexOf(HEADER_END);
    if (end < 0 || !this.waiting) return;
    const head = this.buffered.toString('latin1', 0, end);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) return this.fail(new Error(`a response without Content-Length: ${head.split('\r\n')[0]}`));
    const bodyEnd = end + HEADER_END.length + Number(length[1]);
    if (this.buffered.length < bodyEnd) return;
    const response = { status: Number(head.slice(9, 12)), body: this.buffered.subarray(end + HEADER_END.length, bodyEnd) };
    this.buffered = this.buffered.subarray(bodyEnd);
    const { resolve } = this.waiting;
    this.waiting = undefined;
    resolve(response);
  }

  private fail(err: Error): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(err);
  }
}
