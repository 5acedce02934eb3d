/**
 * The structure editor webview: OpenChemLib's canvas editor (BSD-3-Clause, pure JavaScript, offline) with one row
 * of actions. Drawing then searching is two clicks after the editor opens: draw, then "Substructure" (or another).
 */
import { CanvasEditor, Molecule } from 'openchemlib';
import { PageEndpoint } from '../webview-protocol/endpoint';
import { hostChannel } from './channel';
import { EDITOR_ACTIONS, type Drawing, type EditorAction, type EditorProtocol } from './editorProtocol';
const LABELS: Readonly<Record<EditorAction, string>> = {
  exact: 'Exact',
  substructure: 'Substructure',
  similar: 'Similar',
  insertSmiles: 'Insert SMILES',
  insertMol: 'Insert MOL',
};

const status = document.getElementById('status') as HTMLElement;
const editor = new CanvasEditor(document.getElementById('editor') as HTMLElement, { initialMode: 'molecule' });

function drawing(): Drawing {
  const molecule = editor.getMolecule();
  return { smiles: molecule.getAllAtoms() ? molecule.toIsomericSmiles() : '', molfile: molecule.toMolfile(), atoms: molecule.getAllAtoms() };
}

const host = new PageEndpoint<EditorProtocol>(
  hostChannel(),
  {
    load: ({ smiles }) => {
      try {
        editor.setMolecule(smiles ? Molecule.fromSmiles(smiles) : new Molecule(0, 0));
      } catch (error) {
        throw new Error(`Cannot draw ${smiles}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
    },
    drawing,
  },
  {},
);

const actions = document.getElementById('actions') as HTMLElement;
for (const action of EDITOR_ACTIONS) {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = LABELS[action];
  button.dataset.action = action;
  button.addEventListener('click', () => {
    const d = drawing();
    if (d.atoms === 0) status.textContent = 'Draw a structure first.';
    else
      host.request('action', { action, drawing: d }).then(
        () => (status.textContent = ''),
        (error: Error) => (status.textContent = error.message),
      );
  });
  actions.appendChild(button);
}
