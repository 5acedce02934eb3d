/** One record's structure as files: its image as PNG or SVG, its MOL block as a `.mol` titled with its name. */
import * as vscode from 'vscode';
import type { CompoundDbClient } from '../../client';
import { withTitle } from '../../wire';
import type { MolKind } from '../../webview/protocol';
import { offerOpenAndReveal, pickSaveTarget } from './files';

export type ImageFormat = 'png' | 'svg';

/** A file name from a record's name: letters, digits, dashes; the record ID when there is no usable name. */
function fileStem(name: string | undefined, recordId: number): string {
  const stem = (name ?? '')
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return stem || `record-${recordId}`;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return png.length >= 24 ? { width: view.getUint32(16), height: view.getUint32(20) } : { width: 300, height: 300 };
}

function xmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The wire carries the structure image as PNG only (contract: `records/{id}/image`), so the SVG holds that PNG
 * at its own size with the name as its title: a file that drops into SVG documents, not a vector redrawing.
 */
export function svgOfPng(png: Uint8Array, title: string): string {
  const { width, height } = pngSize(png);
  const data = Buffer.from(png).toString('base64');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">\n` +
    `<title>${xmlText(title)}</title>\n<image width="${width}" height="${height}" href="data:image/png;base64,${data}"/>\n</svg>\n`
  );
}

export async function saveStructureImage(
  client: CompoundDbClient,
  recordId: number,
  format: ImageFormat,
  target?: string,
): Promise<{ uri: string; bytes: number; message: string }> {
  const [png, name] = await Promise.all([
    client.getImage(recordId),
    client
      .compound(recordId)
      .commonName()
      .catch(() => undefined),
  ]);
  const uri = target
    ? vscode.Uri.parse(target)
    : await pickSaveTarget(
        `${fileStem(name, recordId)}.${format}`,
        vscode.l10n.t('Save structure image'),
        format === 'png' ? { PNG: ['png'] } : { SVG: ['svg'] },
      );
  const bytes = format === 'png' ? png : Buffer.from(svgOfPng(png, name ?? vscode.l10n.t('Record {0}', recordId)), 'utf8');
  await vscode.workspace.fs.writeFile(uri, bytes);
  const message = vscode.l10n.t('Saved the structure of {0} to {1}', name ?? recordId, vscode.workspace.asRelativePath(uri, false));
  offerOpenAndReveal(message, uri);
  return { uri: uri.toString(), bytes: bytes.length, message };
}

export async function saveMolFile(
  client: CompoundDbClient,
  recordId: number,
  kind: MolKind,
  target?: string,
): Promise<{ uri: string; message: string }> {
  const compound = client.compound(recordId);
  const [mol, name] = await Promise.all([
    kind === 'original' ? client.getOriginalMol(recordId) : kind === '3d' ? compound.mol3D() : compound.mol2D(),
    compound.commonName().catch(() => undefined),
  ]);
  if (!mol) throw new Error(vscode.l10n.t('Record {0} has no {1} MOL block', recordId, kind.toUpperCase()));
  const uri = target
    ? vscode.Uri.parse(target)
    : await pickSaveTarget(`${fileStem(name, recordId)}.mol`, vscode.l10n.t('Save MOL file'), { MOL: ['mol'] });
  // The title line carries the name, as other tools expect (the 3D block's record ID title is replaced too).
  const titled = name ? withTitle(mol, name) : mol;
  await vscode.workspace.fs.writeFile(uri, Buffer.from(titled.endsWith('\n') ? titled : `${titled}\n`, 'utf8'));
  const message = vscode.l10n.t('Saved the MOL block of {0} to {1}', name ?? recordId, vscode.workspace.asRelativePath(uri, false));
  offerOpenAndReveal(message, uri);
  return { uri: uri.toString(), message };
}
