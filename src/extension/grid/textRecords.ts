import * as vscode from 'vscode';
import type { GridEdit } from '../../grid/protocol';
import { recordFormatOf, type RecordIndex } from '../../grid/recordIndex';
import { plainMolFacts } from '../../grid/recordFacts';
import { indexRecords } from '../../grid/recordIndexer';

/**
 * The records of a text document: its text as UTF-8 bytes, indexed. Offsets are bytes (as for a file on disk);
 * edits map them back to document positions.
 */
export class TextRecords {
  private bytes: Buffer = Buffer.alloc(0);
  private ascii = true;
  index!: RecordIndex;

  constructor(private readonly document: vscode.TextDocument) {
    this.reindex();
  }

  reindex(): RecordIndex {
    const text = this.document.getText();
    this.bytes = Buffer.from(text, 'utf8');
    this.ascii = this.bytes.length === text.length;
    this.index = indexRecords(this.bytes, recordFormatOf(this.document.fileName), plainMolFacts);
    return this.index;
  }

  read = async (ids: number[]): Promise<string[]> => ids.map((id) => this.bytes.toString('utf8', this.index.starts[id], this.index.ends[id]));

  private position(byteOffset: number): vscode.Position {
    const chars = this.ascii ? byteOffset : this.bytes.toString('utf8', 0, byteOffset).length;
    return this.document.positionAt(chars);
  }

  private range(id: number): vscode.Range {
    return new vscode.Range(this.position(this.index.starts[id]), this.position(this.index.ends[id]));
  }

  /** Delete or move records as one WorkspaceEdit: one undo step in the document. */
  edit(edit: GridEdit): vscode.WorkspaceEdit {
    const ix = this.index;
    const ids = [...new Set(edit.ids)].filter((id) => Number.isInteger(id) && id >= 0 && id < ix.count).sort((a, b) => a - b);
    if (ids.length === 0) throw new Error(vscode.l10n.t('No record to edit'));
    const we = new vscode.WorkspaceEdit();
    const uri = this.document.uri;
    if (edit.kind === 'move') {
      const before = edit.before;
      if (before !== null && (!Number.isInteger(before) || before < 0 || before >= ix.count || ids.includes(before)))
        throw new Error(vscode.l10n.t('Cannot move records there'));
      let moved = ids
        .map((id) => this.bytes.toString('utf8', ix.starts[id], ix.ends[id]))
        .map((t) => (t.endsWith('\n') ? t : `${t}\n`))
        .join('');
      let at: vscode.Position;
      if (before === null) {
        const end = this.bytes.length;
        at = this.position(end);
        if (end > 0 && this.bytes[end - 1] !== 0x0a) moved = `\n${moved}`;
      } else {
        at = this.position(ix.starts[before]);
      }
      we.insert(uri, at, moved);
    }
    for (const id of ids) we.delete(uri, this.range(id));
    return we;
  }
}
