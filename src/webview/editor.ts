/**
 * The structure editor webview: OpenChemLib's canvas editor (BSD-3-Clause, pure JavaScript, offline) filling the
 * panel, a box above it that draws a pasted SMILES at once (a name, InChIKey, InChI or record ID is looked up by
 * the host), and the actions in a column beside the drawing. Paste, then "Similar": two steps to results.
 */
import { CanvasEditor, Molecule } from 'openchemlib';
import { PageEndpoint } from '../webview-protocol/endpoint';
import { hostChannel, testHook } from './channel';
import { auditLayout } from './layoutAudit';
import { looksLikeSmiles } from '../chemistry/smiles-syntax';
import { EDITOR_ACTIONS, type Drawing, type EditorAction, type EditorProtocol } from './editorProtocol';
import { checkQueryShape } from '../wire/query-shape';
import { checkStructureSize, isRdkitJsonText, type StructureFormat } from '../wire/structure-size';

/** The service's bounds on a structure input and on a query, as one sentence; undefined when the text is within them. */
function boundsProblem(text: string, asQuery: boolean, format: StructureFormat = 'SMILES', name = 'The structure'): string | undefined {
  const [problem] = checkStructureSize(name, format, text, asQuery ? checkQueryShape(name, text) : []);
  return problem && `${problem.message}.`;
}

const LABELS: Readonly<Record<EditorAction, string>> = {
  exact: 'Search exact',
  substructure: 'Search substructure',
  similar: 'Find similar',
  insertSmiles: 'Insert SMILES',
  insertMol: 'Insert MOL',
};

const status = document.getElementById('status') as HTMLElement;
const query = document.getElementById('query') as HTMLInputElement;
const editorElement = document.getElementById('editor') as HTMLElement;
const editor = new CanvasEditor(editorElement, { initialMode: 'molecule' });

// OpenChemLib reads text pasted on its canvas (its own paste listener on the editor's element) with no bound of its
// own: the box's bounds are checked first, on the way down, and text past them never reaches it.
document.addEventListener(
  'paste',
  (event) => {
    if (!(event.target instanceof Node) || !editorElement.contains(event.target)) return;
    const text = event.clipboardData?.getData('text') ?? '';
    const format: StructureFormat = text.includes('\n') || isRdkitJsonText(text) ? 'Mol' : 'SMILES';
    const tooBig = boundsProblem(format === 'Mol' ? text : text.trim(), false, format, 'The pasted structure');
    if (!tooBig) return;
    event.stopPropagation();
    event.preventDefault();
    status.textContent = `Not pasted: ${tooBig}`;
  },
  { capture: true },
);

function drawing(): Drawing {
  const molecule = editor.getMolecule();
  return { smiles: molecule.getAllAtoms() ? molecule.toIsomericSmiles() : '', molfile: molecule.toMolfile(), atoms: molecule.getAllAtoms() };
}

function draw(smiles: string): void {
  const tooBig = smiles ? boundsProblem(smiles, false) : undefined;
  if (tooBig) throw new Error(`Cannot draw this structure: ${tooBig}`);
  try {
    editor.setMolecule(smiles ? Molecule.fromSmiles(smiles) : new Molecule(0, 0));
  } catch (error) {
    throw new Error(`Cannot draw ${smiles}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

const host = new PageEndpoint<EditorProtocol>(
  hostChannel(),
  {
    load: ({ smiles }) => draw(smiles),
    drawing,
    layout: testHook(() => auditLayout()),
    typeInBox: testHook(async ({ text }) => {
      query.value = text;
      await drawTyped(text);
      return drawing();
    }),
  },
  {},
);

/** Draws what was typed: a SMILES at once, anything else (a name, InChIKey, InChI, record ID) once the host has found it. */
async function drawTyped(text: string): Promise<void> {
  const typed = text.trim();
  if (!typed) return;
  if (looksLikeSmiles(typed)) {
    draw(typed);
    status.textContent = '';
    return;
  }
  status.textContent = `Looking up ${typed}…`;
  const found = await host.request('structureOf', { text: typed });
  draw(found.smiles);
  status.textContent = found.name ? `Drawn: ${found.name}` : '';
}

const drawButton = document.getElementById('draw-typed') as HTMLButtonElement;
const drawQuery = () => drawTyped(query.value).catch((error: Error) => (status.textContent = error.message));
drawButton.addEventListener('click', () => void drawQuery());
query.addEventListener('keydown', (e) => {
  if (e.key === 'Enter') void drawQuery();
});
// A paste draws at once: no second step for the common case.
query.addEventListener('paste', () => setTimeout(() => void drawQuery(), 0));

const actions = document.getElementById('actions') as HTMLElement;
for (const action of EDITOR_ACTIONS) {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = LABELS[action];
  button.dataset.action = action;
  button.addEventListener('click', () => {
    const d = drawing();
    const tooBig = d.atoms === 0 ? undefined : boundsProblem(d.smiles, action === 'substructure');
    if (d.atoms === 0) status.textContent = 'Draw a structure first.';
    else if (tooBig) status.textContent = tooBig;
    else
      host.request('action', { action, drawing: d }).then(
        () => (status.textContent = ''),
        (error: Error) => (status.textContent = error.message),
      );
  });
  actions.appendChild(button);
}
