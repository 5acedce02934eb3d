import * as vscode from 'vscode';
import type { MolKind } from '../../webview/protocol';
import { withTitle } from '../../wire/sdf';
import { withCancellableProgress } from '../common/progress';
import type { Connection } from '../server/connection';
import type { InsertTarget } from './insertTarget';
import { insertTextAtCursor, type Inserted } from './insertText';

export type InsertMol = (recordId: number, kind: MolKind) => Promise<Inserted & { text: string }>;

/**
 * Fetches the MOL block of `kind`, then inserts it at the cursor: the 2D and 3D blocks with the record's name
 * on the title line (as a saved MOL file has it and as other tools expect), the original exactly as submitted.
 * The editor is left untouched when the request fails or is cancelled.
 */
export function molInserter(connection: Connection, target: InsertTarget): InsertMol {
  return async (recordId, kind) => {
    const text = await withCancellableProgress(vscode.l10n.t('Compound DB: {0} MOL of {1}', kind.toUpperCase(), recordId), async (signal) => {
      const { client } = await connection.get();
      const call = { signal };
      if (kind === 'original') return client.getOriginalMol(recordId, call);
      const details = await client.compound(recordId).details(call);
      const mol = kind === '3d' ? details.mol3D : details.mol2D;
      return mol && details.commonName ? withTitle(mol, details.commonName) : mol;
    });
    if (text === undefined || text === '') throw new Error(vscode.l10n.t('Record {0} has no {1} MOL block', recordId, kind.toUpperCase()));
    const inserted = await insertTextAtCursor(text, target.editor());
    return { ...inserted, text };
  };
}
