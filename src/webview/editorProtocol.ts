/**
 * Messages between the structure editor webview and the extension host (no DOM and no `vscode` here).
 * The webview says `ready`; the host answers with `load` (the structure to start from). Each toolbar button sends
 * `action` with the drawing as SMILES and MOL; the host can ask for the drawing with `read` (answered by `drawing`).
 */

export const EDITOR_VIEW_TYPE = 'compoundDb.structureEditor';

export const EDITOR_ACTIONS = ['exact', 'substructure', 'similar', 'insertSmiles', 'insertMol'] as const;
export type EditorAction = (typeof EDITOR_ACTIONS)[number];

export interface Drawing {
  smiles: string;
  molfile: string;
  atoms: number;
}

export type EditorToHost =
  | { command: 'ready' }
  | { command: 'action'; action: EditorAction; drawing: Drawing }
  | { command: 'drawing'; seq: number; drawing: Drawing }
  | { command: 'error'; message: string };

export type HostToEditor = { command: 'load'; smiles: string } | { command: 'read'; seq: number } | { command: 'status'; text: string };
