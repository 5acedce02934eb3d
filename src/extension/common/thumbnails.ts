/**
 * Structure images of records for result tooltips and the record pick, loaded when first shown: one bounded cache
 * (emptied when the server changes), and the files a pick's icons need (a quick pick shows images by URI only).
 */
import * as vscode from 'vscode';
import { CachedLoads } from '../../shared/in-flight';

export class Thumbnails {
  private readonly pngs = new CachedLoads<number, Uint8Array>({ maxEntries: 300, maxBytes: 8 * 1024 * 1024 });

  constructor(
    private readonly image: (recordId: number) => Promise<Uint8Array>,
    /** Where the pick's image files go (the extension's global storage). */
    private readonly folder: vscode.Uri,
  ) {}

  /** The record's structure as base64 PNG, or undefined when it has none or the server did not answer. */
  async base64(recordId: number): Promise<string | undefined> {
    const png = await this.pngs.get(recordId, () => this.image(recordId)).catch(() => undefined);
    return png?.length ? Buffer.from(png).toString('base64') : undefined;
  }

  /** The record's structure as a PNG file (written once per record and server), or undefined. */
  async file(recordId: number, server: string): Promise<vscode.Uri | undefined> {
    const png = await this.pngs.get(recordId, () => this.image(recordId)).catch(() => undefined);
    if (!png?.length) return undefined;
    const dir = vscode.Uri.joinPath(this.folder, 'thumbnails', server.replace(/[^\w.-]+/g, '_').slice(0, 80));
    const uri = vscode.Uri.joinPath(dir, `${recordId}.png`);
    await vscode.workspace.fs.createDirectory(dir);
    await vscode.workspace.fs.writeFile(uri, png);
    return uri;
  }

  clear(): void {
    this.pngs.clear();
  }
}
