/** What the grid does with the selected records: copy, open details, look up, insert MOL, delete, move. */
import type { ActionRecord, CopyFormat, GridInfo, PageResult } from '../../grid/protocol';
import type { GridBackend } from './backend';
import type { BoundedToolkit } from './boundedToolkit';
import { errorText, recordName, records, retitle, withRecordEnd } from './recordText';
import type { Selection } from './selection';

export interface ActionContext {
  backend: GridBackend;
  selection: Selection;
  info: () => GridInfo | undefined;
  page: () => PageResult | undefined;
  toolkit: BoundedToolkit;
  say: (text: string) => void;
}

export class SelectionActions {
  constructor(private readonly c: ActionContext) {}

  copy(format: CopyFormat): Promise<void> {
    return this.act(format === 'smiles' ? 'Copy SMILES' : 'Copy SDF', async (ids) => {
      let text: string;
      if (format === 'sdf' && this.c.info()?.format === 'sdf') {
        text = (await this.texts(ids)).map((r) => withRecordEnd(r.text ?? '')).join('');
      } else {
        const identified = await this.identified(ids);
        text =
          format === 'smiles'
            ? identified.map((r) => (r.smiles ? `${r.smiles}${r.name ? ` ${r.name}` : ''}\n` : '')).join('')
            : identified.map((r) => (r.molblock ? withRecordEnd(retitle(r.molblock, r.name)) : '')).join('');
      }
      const what = `${records(ids.length)} as ${format.toUpperCase()}`;
      await this.c.backend.request('copy', { text, what });
      this.c.say(`Copied ${what}.`);
    });
  }

  openDetails(): Promise<void> {
    return this.act('Open details', async (ids) => {
      const [record] = await this.identified(ids.slice(0, 1));
      if (!record.inchikey) throw new Error('no InChIKey could be computed for this record');
      await this.c.backend.request('openDetails', record);
    });
  }

  lookUp(): Promise<void> {
    return this.act('Look up', async (ids) => {
      const identified = await this.identified(ids.slice(0, 100));
      await this.c.backend.request('lookUp', { records: identified.filter((r) => r.inchikey) });
    });
  }

  insertMol(): Promise<void> {
    return this.act('Insert MOL', async (ids) => {
      const [record] = await this.identified(ids.slice(0, 1));
      if (!record.molblock) throw new Error('this record has no structure');
      await this.c.backend.request('insertMol', record);
    });
  }

  delete(): Promise<void> {
    const info = this.c.info();
    if (!info?.editable) return Promise.resolve();
    return this.act('Delete', async (ids) => {
      await this.c.backend.request('edit', { version: info.version, edit: { kind: 'delete', ids } });
      this.c.selection.clear();
    });
  }

  /** Moves the selection one place up or down in the file (a block: records between are kept in order). */
  move(by: -1 | 1): Promise<void> {
    const info = this.c.info();
    if (!info?.editable) return Promise.resolve();
    return this.act('Move', async (ids) => {
      const first = ids[0];
      const last = ids[ids.length - 1];
      const before = by < 0 ? first - 1 : last + 2;
      if (by < 0 && first === 0) return;
      if (by > 0 && last >= info.count - 1) return;
      await this.c.backend.request('edit', { version: info.version, edit: { kind: 'move', ids, before: before >= info.count ? null : before } });
      const moved = ids.map((id) => id + by);
      this.c.selection.set(moved);
      this.c.selection.focused = moved[0];
    });
  }

  private async act(what: string, body: (ids: number[]) => Promise<void>): Promise<void> {
    try {
      const ids = this.c.selection.target();
      if (ids.length === 0) {
        this.c.say(`Select a record first (${what}).`);
        return;
      }
      await body(ids);
    } catch (e) {
      this.c.say(`${what}: ${errorText(e)}`);
    }
  }

  private async texts(ids: number[]): Promise<Array<{ id: number; name: string; text?: string }>> {
    const info = this.c.info();
    if (!info || ids.length === 0) return [];
    const { texts } = await this.c.backend.request('texts', { version: info.version, ids });
    const names = new Map(this.c.page()?.rows.map((r) => [r.id, r.name]));
    return ids.map((id, i) => ({ id, name: names.get(id) ?? '', text: texts[i] }));
  }

  private async identified(ids: number[]): Promise<ActionRecord[]> {
    const isSdf = this.c.info()?.format === 'sdf';
    const texts = await this.texts(ids);
    const identities = await this.c.toolkit.run(
      'identify',
      texts.map((r) => r.text ?? ''),
      { isSdf },
    );
    return texts.map((r, i) => ({
      id: r.id,
      name: r.name || recordName(r.text, isSdf),
      ...(r.text ? identities[i] : {}),
    }));
  }
}
