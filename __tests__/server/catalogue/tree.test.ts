import fc from 'fast-check';
import { applyOperations, OperationError } from '../../../src/server/catalogue/tree.js';
import { parseCatalogue, type Catalogue } from '../../../src/server/catalogue/parse.js';
import type { TreeLevel, TreeOperation } from '../../../src/shared/api/editions.js';
import { canonical, catalogueArb, readDemo } from '../../helpers/catalogues.js';

const first = (c: Catalogue) => c.axes[0].policies[0].measures[0].indicators[0];
const apply = (c: unknown, ...ops: TreeOperation[]) => applyOperations(c, ops) as unknown as Catalogue;

/** Every node of a catalogue with its level, code, sub-indicator (for a response), parent code and position. */
function nodes(c: Catalogue): { level: TreeLevel; code: string; subindicator?: string; parent: string | null; index: number }[] {
  const out: ReturnType<typeof nodes> = [];
  c.axes.forEach((a, ai) => {
    out.push({ level: 'axis', code: a.code, parent: null, index: ai });
    a.policies.forEach((p, pi) => {
      out.push({ level: 'policy', code: p.code, parent: a.code, index: pi });
      p.measures.forEach((m, mi) => {
        out.push({ level: 'measure', code: m.code, parent: p.code, index: mi });
        m.indicators.forEach((i, ii) => {
          out.push({ level: 'indicator', code: i.code, parent: m.code, index: ii });
          i.subindicators.forEach((s, si) => {
            out.push({ level: 'subindicator', code: s.code, parent: i.code, index: si });
            s.responses.forEach((r, ri) => out.push({ level: 'response', code: r.code, subindicator: s.code, parent: s.code, index: ri }));
          });
        });
      });
    });
  });
  return out;
}

describe("a draft's operations on its tree", () => {
  it('renames, rescores and reflags on a copy, leaving the document it was given unchanged', async () => {
    const demo = parseCatalogue(await readDemo(2026));
    const kept = structuredClone(demo);
    const sub = first(demo).subindicators[0];
    const changed = apply(
      demo,
      { op: 'setTitle', title: 'Campaña 2027' },
      {
        op: 'update',
        level: 'subindicator',
        code: sub.code,
        changes: { text: '¿Reformulada?', allowsNotApplicable: true, evidenceRule: 'required', evidenceCriteria: 'El acta.' },
      },
      { op: 'update', level: 'response', subindicator: sub.code, code: sub.responses[0].code, changes: { value: 7, obsolete: true } },
      { op: 'update', level: 'indicator', code: first(demo).code, changes: { competence: null } },
    );
    expect(demo).toEqual(kept);
    expect(changed.title).toBe('Campaña 2027');
    expect(first(changed).subindicators[0]).toMatchObject({
      text: '¿Reformulada?',
      allowsNotApplicable: true,
      evidenceRule: 'required',
      evidenceCriteria: 'El acta.',
    });
    expect(first(changed).subindicators[0].responses[0]).toMatchObject({ value: 7, obsolete: true });
    // null takes an optional field away, as a file that leaves it out.
    expect(first(changed)).not.toHaveProperty('competence');
    // A response is found by its sub-indicator: the same code in another question is not touched.
    const other = first(changed).subindicators[1];
    expect(other.responses[0].value).toBe(first(demo).subindicators[1].responses[0].value);
  });

  it('adds at a position or at the end, removes, and moves across parents', async () => {
    const demo = parseCatalogue(await readDemo(2026));
    const [measureA, measureB] = [demo.axes[0].policies[0].measures[0], demo.axes[1].policies[0].measures[0]];
    const indicator = measureA.indicators[0];
    const added = apply(
      demo,
      { op: 'add', level: 'axis', parent: null, index: 0, node: { code: 'E0', text: 'Nuevo eje', policies: [] } },
      { op: 'add', level: 'response', parent: indicator.subindicators[0].code, node: { code: 'R9', text: 'Otra', value: 1 } },
      { op: 'move', level: 'indicator', code: indicator.code, parent: measureB.code, index: 0 },
      { op: 'remove', level: 'measure', code: demo.axes[0].policies[0].measures[1].code },
    );
    expect(added.axes.map((a) => a.code)).toEqual(['E0', ...demo.axes.map((a) => a.code)]);
    expect(added.axes[2].policies[0].measures[0].indicators.map((i) => i.code)).toEqual([indicator.code, ...measureB.indicators.map((i) => i.code)]);
    expect(added.axes[1].policies[0].measures[0].indicators.map((i) => i.code)).toEqual(measureA.indicators.slice(1).map((i) => i.code));
    expect(added.axes[2].policies[0].measures[0].indicators[0].subindicators[0].responses.at(-1)).toEqual({ code: 'R9', text: 'Otra', value: 1 });
    expect(added.axes[1].policies[0].measures.map((m) => m.code)).toEqual(demo.axes[0].policies[0].measures.filter((_, i) => i !== 1).map((m) => m.code));
  });

  it('refuses an operation on a node or parent the draft does not have, naming it, with nothing applied', async () => {
    const demo = parseCatalogue(await readDemo(2026));
    const sub = first(demo).subindicators[0].code;
    const refusal = (ops: TreeOperation[]) => {
      try {
        applyOperations(demo, ops);
        return undefined;
      } catch (err) {
        return err instanceof OperationError ? [err.operation, err.reason] : err;
      }
    };
    expect(
      refusal([
        { op: 'setTitle', title: 'x' },
        { op: 'remove', level: 'axis', code: 'NOPE' },
      ]),
    ).toEqual([1, 'NODE_NOT_FOUND']);
    expect(refusal([{ op: 'update', level: 'response', code: 'R1', changes: { value: 1 } }])).toEqual([0, 'NODE_NOT_FOUND']);
    expect(refusal([{ op: 'update', level: 'response', code: 'R1', subindicator: 'NOPE', changes: { value: 1 } }])).toEqual([0, 'NODE_NOT_FOUND']);
    expect(refusal([{ op: 'add', level: 'policy', parent: null, node: {} }])).toEqual([0, 'PARENT_NOT_FOUND']);
    expect(refusal([{ op: 'add', level: 'axis', parent: 'E1', node: {} }])).toEqual([0, 'PARENT_NOT_FOUND']);
    // A response's parent is a sub-indicator: an indicator's code is not one.
    expect(refusal([{ op: 'move', level: 'response', code: 'R1', subindicator: sub, parent: first(demo).code, index: 0 }])).toEqual([0, 'PARENT_NOT_FOUND']);
  });

  it('gives back the same edition after removing any node and adding it again where it was, or moving it to where it is (property)', () => {
    fc.assert(
      fc.property(
        catalogueArb.chain((c) => fc.tuple(fc.constant(c), fc.constantFrom(...nodes(c)))),
        ([catalogue, target]) => {
          const ref = { level: target.level, code: target.code, ...(target.subindicator ? { subindicator: target.subindicator } : {}) };
          const node = structuredClone(findNode(catalogue, target));
          const again = apply(catalogue, { op: 'remove', ...ref }, { op: 'add', level: target.level, parent: target.parent, index: target.index, node });
          expect(canonical(parseCatalogue(again))).toEqual(canonical(catalogue));
          const moved = apply(catalogue, { op: 'move', ...ref, parent: target.parent, index: target.index });
          expect(canonical(parseCatalogue(moved))).toEqual(canonical(catalogue));
        },
      ),
      { numRuns: 60 },
    );
  });
});

/** The node a listed entry stands for, as the document holds it. */
function findNode(c: Catalogue, target: ReturnType<typeof nodes>[number]): Record<string, unknown> {
  const all = c.axes.flatMap((a) => [
    { level: 'axis', node: a },
    ...a.policies.flatMap((p) => [
      { level: 'policy', node: p },
      ...p.measures.flatMap((m) => [
        { level: 'measure', node: m },
        ...m.indicators.flatMap((i) => [
          { level: 'indicator', node: i },
          ...i.subindicators.flatMap((s) => [
            { level: 'subindicator', node: s, sub: '' },
            ...s.responses.map((r) => ({ level: 'response', node: r, sub: s.code })),
          ]),
        ]),
      ]),
    ]),
  ]) as { level: string; node: { code: string }; sub?: string }[];
  return all.find((n) => n.level === target.level && n.node.code === target.code && (target.level !== 'response' || n.sub === target.subindicator))!
    .node as unknown as Record<string, unknown>;
}
