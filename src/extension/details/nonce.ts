import { randomBytes } from 'crypto';

/** A fresh script nonce for each webview document. */
export function getNonce(): string {
  return randomBytes(18)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '');
}
