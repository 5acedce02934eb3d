/**
 * Who asked: the hash of the request's API key (or security token), kept for the request's asynchronous work so
 * that the queues of toolkit work give each key its share (work-queue.ts) without every call passing it along.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'crypto';

const callers = new AsyncLocalStorage<string>();

/** A key or token as the queues and the rate limiter know it: its SHA-256, never the secret itself. */
export function callerOf(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function asCaller<T>(caller: string, work: () => T): T {
  return callers.run(caller, work);
}

/** The caller of the request being handled; `anonymous` outside one (start-up work, tests calling in directly). */
export function currentCaller(): string {
  return callers.getStore() ?? 'anonymous';
}
