/** Reading the values out of a 2xx answer; anything not shaped as the contract says is a ParseError. */
import { ParseError } from './errors';
import type { RawResponse } from './transport';

export function parseJson<T>(response: RawResponse, op: string): T {
  try {
    return JSON.parse(response.body.toString('utf8')) as T;
  } catch (error) {
    throw new ParseError(`The answer to ${op} is not JSON`, response.status, { cause: error });
  }
}

export function arrayOf<T>(value: unknown, key: string): T[] {
  const list = (value as Record<string, unknown> | null)?.[key];
  if (!Array.isArray(list)) throw new ParseError(`The answer has no "${key}" list`);
  return list as T[];
}

export function stringOf(value: unknown, key: string): string {
  const text = (value as Record<string, unknown> | null)?.[key];
  if (typeof text !== 'string') throw new ParseError(`The answer has no "${key}" text`);
  return text;
}

/** Bytes of base64 text (line breaks allowed); `what` names the value in the error. */
export function base64Bytes(text: string, what: string): Uint8Array {
  if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(text)) throw new ParseError(`${what} is not base64`);
  return new Uint8Array(Buffer.from(text, 'base64'));
}
