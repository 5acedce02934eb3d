/**
 * What the structure editor webview and the extension host say to each other (src/webview-protocol). No DOM and
 * no `vscode` here. The host loads a structure into the editor and can read the drawing; each toolbar button asks
 * the host to run its action on the drawing.
 */
import type { Call } from '../webview-protocol/protocol';
import type { LayoutReport } from './protocol';

export const EDITOR_VIEW_TYPE = 'compoundDb.structureEditor';

export const EDITOR_ACTIONS = ['exact', 'substructure', 'similar', 'insertSmiles', 'insertMol'] as const;
export type EditorAction = (typeof EDITOR_ACTIONS)[number];

export interface Drawing {
  smiles: string;
  molfile: string;
  atoms: number;
}

export interface EditorProtocol {
  requests: {
    action: Call<{ action: EditorAction; drawing: Drawing }, void>;
    /** The structure of a name, InChIKey, InChI or record ID typed into the page's box, as SMILES (looked up as any record is). */
    structureOf: Call<{ text: string }, { smiles: string; name?: string }>;
  };
  pushes: Record<never, never>;
  pageRequests: {
    /** Draws `smiles` (nothing when empty); rejects when the editor cannot read it. */
    load: Call<{ smiles: string }, void>;
    /** What is drawn now. */
    drawing: Call<undefined, Drawing>;
    /** What a person would see wrong on the page (test hook). */
    layout: Call<undefined, LayoutReport>;
    /** Types into the page's box and draws it as Enter does; answers with the drawing (test hook). */
    typeInBox: Call<{ text: string }, Drawing>;
  };
}
