/** A fresh script nonce for each webview document (Web Crypto: Node's crypto module loads with the first one). */
export function getNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(18)))
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '');
}
