import type { TreeLevel, TreeOperation } from '../../shared/api/editions.js';

/**
 * A draft's changes (shared/api/editions.ts TreeOperation) applied to its document, the catalogue as FORMAT.md
 * writes it: all of them on a copy, or none. A node is found by its level and code (a response by its
 * sub-indicator's code and its own); what the changes make of the catalogue is not checked here but by
 * parseCatalogue, as for an uploaded file, so that a draft may be half-written (a new question with one response).
 */

type Node = Record<string, unknown>;

/** The list of children each level keeps, and the level of its children. */
const CHILDREN: Record<'catalogue' | TreeLevel, { list: string; level: TreeLevel } | null> = {
  catalogue: { list: 'axes', level: 'axis' },
  axis: { list: 'policies', level: 'policy' },
  policy: { list: 'measures', level: 'measure' },
  measure: { list: 'indicators', level: 'indicator' },
  indicator: { list: 'subindicators', level: 'subindicator' },
  subindicator: { list: 'responses', level: 'response' },
  response: null,
};
/** The level above each level. */
const PARENT: Record<TreeLevel, 'catalogue' | TreeLevel> = {
  axis: 'catalogue',
  policy: 'axis',
  measure: 'policy',
  indicator: 'measure',
  subindicator: 'indicator',
  response: 'subindicator',
};

/** An operation that cannot be applied: which one (its index) and why, in English for the log (the API answers 422). */
export class OperationError extends Error {
  constructor(
    readonly operation: number,
    readonly reason: 'NODE_NOT_FOUND' | 'PARENT_NOT_FOUND',
  ) {
    super(`operation ${operation}: ${reason}`);
  }
}

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A node's children as they are (none when its list is missing or not a list: the checks report that, walking never rewrites it). */
const childrenOf = (node: Node, key: string): Node[] => (Array.isArray(node[key]) ? (node[key] as Node[]) : []);
/** The list a new child goes into, made when the node has none (or something else in its place). */
const listFor = (node: Node, key: string): Node[] => {
  if (!Array.isArray(node[key])) node[key] = [];
  return node[key] as Node[];
};

/** Every node of a level with the list that holds it, in document order. */
function nodesOf(document: Node, level: TreeLevel): { node: Node; list: Node[]; parent: Node }[] {
  const parentLevel = PARENT[level];
  const parents = parentLevel === 'catalogue' ? [document] : nodesOf(document, parentLevel).map((found) => found.node);
  const list = CHILDREN[parentLevel]!.list;
  return parents.flatMap((parent) => {
    const children = childrenOf(parent, list);
    return children.filter(isNode).map((node) => ({ node, list: children, parent }));
  });
}

/** The node an operation names (the first with that code, should a half-written draft repeat one). */
function find(document: Node, level: TreeLevel, code: string, subindicator: string | undefined) {
  if (level === 'response') {
    const sub = nodesOf(document, 'subindicator').find(({ node }) => node.code === subindicator);
    if (!sub) return undefined;
    const list = childrenOf(sub.node, 'responses');
    const node = list.find((r) => isNode(r) && r.code === code);
    return node ? { node, list, parent: sub.node } : undefined;
  }
  return nodesOf(document, level).find(({ node }) => node.code === code);
}

/** The node under which a node of `level` goes: the document for an axis, else the parent level's node of that code. */
function parentFor(document: Node, level: TreeLevel, parent: string | null): Node | undefined {
  const parentLevel = PARENT[level];
  if (parentLevel === 'catalogue') return parent === null ? document : undefined;
  return parent === null ? undefined : nodesOf(document, parentLevel).find(({ node }) => node.code === parent)?.node;
}

const insertAt = (list: Node[], node: Node, index: number | undefined) =>
  list.splice(index === undefined ? list.length : Math.min(index, list.length), 0, node);

/** The document with every operation applied in order; the original is not changed. */
export function applyOperations(document: unknown, operations: readonly TreeOperation[]): Node {
  const doc: Node = isNode(document) ? structuredClone(document) : {};
  operations.forEach((op, i) => {
    switch (op.op) {
      case 'setTitle':
        doc.title = op.title;
        if (op.translations === null) delete doc.translations;
        else if (op.translations !== undefined) doc.translations = op.translations;
        return;
      case 'update': {
        const found = find(doc, op.level, op.code, op.subindicator);
        if (!found) throw new OperationError(i, 'NODE_NOT_FOUND');
        for (const [field, value] of Object.entries(op.changes)) {
          // null takes an optional field away (a competence, the evidence's criteria), as a file that leaves it out.
          if (value === null) delete found.node[field];
          else found.node[field] = value;
        }
        return;
      }
      case 'add': {
        const parent = parentFor(doc, op.level, op.parent);
        if (!parent) throw new OperationError(i, 'PARENT_NOT_FOUND');
        insertAt(listFor(parent, CHILDREN[PARENT[op.level]]!.list), structuredClone(op.node), op.index);
        return;
      }
      case 'remove': {
        const found = find(doc, op.level, op.code, op.subindicator);
        if (!found) throw new OperationError(i, 'NODE_NOT_FOUND');
        found.list.splice(found.list.indexOf(found.node), 1);
        return;
      }
      case 'move': {
        // The parent is a level above the node's, so never the node itself or below it.
        const found = find(doc, op.level, op.code, op.subindicator);
        if (!found) throw new OperationError(i, 'NODE_NOT_FOUND');
        const parent = parentFor(doc, op.level, op.parent);
        if (!parent) throw new OperationError(i, 'PARENT_NOT_FOUND');
        found.list.splice(found.list.indexOf(found.node), 1);
        insertAt(listFor(parent, CHILDREN[PARENT[op.level]]!.list), found.node, op.index);
        return;
      }
    }
  });
  return doc;
}
