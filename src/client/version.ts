// A named import, so a bundler keeps only this one value of the manifest.
import { version } from '../../package.json';
import { PRODUCT_NAME } from '../wire';

export const CLIENT_VERSION: string = version;

/** `compound-db/<version> node/<version>` (contract 1.1). */
export function defaultUserAgent(): string {
  return `${PRODUCT_NAME}/${CLIENT_VERSION} node/${process.versions.node}`;
}
