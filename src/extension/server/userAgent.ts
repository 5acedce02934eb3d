import * as vscode from 'vscode';
import { PRODUCT_NAME } from '../../wire/limits';

/** `compound-db-vscode/<version> vscode/<version>`, unless the user set compoundDb.userAgent. Read when first asked, not at load. */
export function userAgent(): string {
  const version = (vscode.extensions.getExtension('compound-db.compound-db')?.packageJSON as { version?: string } | undefined)?.version ?? '0';
  return `${PRODUCT_NAME}-vscode/${version} vscode/${vscode.version}`;
}
