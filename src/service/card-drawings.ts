/**
 * The extension's draw requests (src/wire/local-service.ts): cards of the structure grid drawn by the service's warm
 * RDKit while the grid's webview loads its own. Each structure is bounded as any structure input is, and the event
 * loop is yielded between drawings so that HTTP requests are not held up.
 */
import { checkStructureSize, type LocalServiceDrawRequest, type LocalServiceDrawn } from '../wire';
import type { Chemistry } from './chemistry';

/** A grid record's structure: an SDF record's MOL block (its data items left out), or a SMILES line's first word. */
function structureOf(text: string): { format: 'Mol' | 'SMILES'; structure: string } {
  const end = /^M {2}END[^\n]*$/m.exec(text);
  if (end) return { format: 'Mol', structure: text.slice(0, end.index + end[0].length) };
  return { format: 'SMILES', structure: /^\S*/.exec(text.trimStart())?.[0] ?? '' };
}

export async function drawCards(chemistry: Chemistry, request: LocalServiceDrawRequest): Promise<LocalServiceDrawn> {
  const svgs: Array<string | null> = [];
  for (const text of request.structures) {
    const { format, structure } = structureOf(text);
    const fits = structure !== '' && checkStructureSize('structure', format, structure).length === 0;
    svgs.push(fits ? (chemistry.depictCardSvg(structure, request.width, request.height) ?? null) : null);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { type: 'drawn', id: request.id, svgs };
}
