import * as vscode from 'vscode';
import { PRODUCT_NAME } from '../../wire';

const version = (vscode.extensions.getExtension('compound-db.compound-db')?.packageJSON as { version?: string } | undefined)?.version ?? '0';
/** `compound-db-vscode/<version> vscode/<version>`, unless the user set compoundDb.userAgent. */
export const USER_AGENT = `${PRODUCT_NAME}-vscode/${version} vscode/${vscode.version}`;
