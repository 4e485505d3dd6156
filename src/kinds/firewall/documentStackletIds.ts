/**
 * Where a firewall document names stacklets: each whole number of its top-level `stacklet_ids` array, with its
 * place in the text, so the editor can show the stacklet's name beside the bare id. No vscode import.
 */
import { findNodeAtLocation, parseTree } from 'jsonc-parser';

export interface StackletIdAt {
  readonly id: number;
  /** Offset of the number's first character, and its length. */
  readonly offset: number;
  readonly length: number;
}

/** The ids of `stacklet_ids` in `text` (JSONC), in document order; none when the text has no such array. */
export function stackletIdsIn(text: string): StackletIdAt[] {
  const root = parseTree(text, [], { allowTrailingComma: true });
  const array = root && findNodeAtLocation(root, ['stacklet_ids']);
  if (!array || array.type !== 'array') return [];
  return (array.children ?? [])
    .filter((node) => node.type === 'number' && Number.isSafeInteger(node.value))
    .map((node) => ({ id: node.value as number, offset: node.offset, length: node.length }));
}
