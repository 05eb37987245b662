import fc from 'fast-check';
import { Gate, GATE_TIMEOUT_MESSAGE, type Leave } from '../../../src/server/db/gate.js';
import { isDatabaseUnavailable } from '../../../src/server/db/faults.js';

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Enters the gate as `name`, noting the name when admitted; the leave is kept under the name. */
function entering(gate: Gate, admitted: string[], leaves: Map<string, Leave>, name: string, urgent = false): Promise<void> {
  return gate.enter(urgent).then((leave) => {
    admitted.push(name);
    leaves.set(name, leave);
  });
}

describe('the gate in front of the database (calls take turns, urgent ones first)', () => {
  it('admits as many calls as it has places at once, and the next waiter when one leaves', async () => {
    const gate = new Gate(2);
    const admitted: string[] = [];
    const leaves = new Map<string, Leave>();
    for (const name of ['a', 'b', 'c', 'd']) void entering(gate, admitted, leaves, name);
    await settle();
    expect(admitted).toEqual(['a', 'b']);
    expect({ busy: gate.busy, waiting: gate.waiting }).toEqual({ busy: 2, waiting: 2 });
    leaves.get('b')!();
    await settle();
    expect(admitted).toEqual(['a', 'b', 'c']);
    expect({ busy: gate.busy, waiting: gate.waiting }).toEqual({ busy: 2, waiting: 1 });
    // Leaving twice gives one place back, not two.
    leaves.get('b')!();
    await settle();
    expect(admitted).toEqual(['a', 'b', 'c']);
    for (const name of ['a', 'c', 'd']) {
      leaves.get(name)!();
      await settle();
    }
    expect({ busy: gate.busy, waiting: gate.waiting }).toEqual({ busy: 0, waiting: 0 });
  });

  it('serves urgent calls before every ordinary one waiting, each kind in the order it came', async () => {
    const gate = new Gate(1);
    const admitted: string[] = [];
    const leaves = new Map<string, Leave>();
    void entering(gate, admitted, leaves, 'holder');
    void entering(gate, admitted, leaves, 'save 1');
    void entering(gate, admitted, leaves, 'save 2');
    void entering(gate, admitted, leaves, 'submit 1', true);
    void entering(gate, admitted, leaves, 'read');
    void entering(gate, admitted, leaves, 'submit 2', true);
    await settle();
    for (let i = 0; i < 6; i++) {
      leaves.get(admitted[admitted.length - 1])!();
      await settle();
    }
    expect(admitted).toEqual(['holder', 'submit 1', 'submit 2', 'save 1', 'save 2', 'read']);
  });

  it('refuses a call that waited longer than its timeout as the database being unavailable, and forgets it', async () => {
    const gate = new Gate(1, 30);
    const leave = await gate.enter();
    const refused = gate.enter().then(
      () => 'admitted',
      (err: Error) => err,
    );
    const error = await refused;
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(GATE_TIMEOUT_MESSAGE);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(gate.waiting).toBe(0);
    // The place goes to no one, and the next call takes it at once.
    leave();
    expect(gate.busy).toBe(0);
    const next = await gate.enter();
    expect(gate.busy).toBe(1);
    next();
  });

  it('refuses a gate without places', () => {
    expect(() => new Gate(0)).toThrow(/at least one place/);
  });

  it('whatever calls come and go: never more inside than places, no place lost, each admitted call the first urgent one waiting, else the first ordinary one', async () => {
    // A step: a call arrives (urgent or not), or the call inside for the longest leaves.
    const step = fc.oneof(fc.constant<'leave'>('leave'), fc.record({ urgent: fc.boolean() }));
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 4 }), fc.array(step, { maxLength: 60 }), async (places, steps) => {
        const gate = new Gate(places);
        const inside: Leave[] = [];
        const waiting: { id: number; urgent: boolean }[] = [];
        const admitted: number[] = [];
        let id = 0;
        for (const s of steps) {
          const before = [...waiting];
          if (s === 'leave') {
            inside.shift()?.();
          } else {
            const call = { id: id++, urgent: s.urgent };
            waiting.push(call);
            void gate.enter(call.urgent).then((leave) => {
              admitted.push(call.id);
              inside.push(leave);
              waiting.splice(
                waiting.findIndex((w) => w.id === call.id),
                1,
              );
            });
          }
          const admittedBefore = admitted.length;
          await settle();
          expect(gate.busy).toBeLessThanOrEqual(places);
          expect(gate.busy).toBe(inside.length);
          expect(gate.waiting).toBe(waiting.length);
          // A place is never left empty while a call waits.
          if (waiting.length > 0) expect(gate.busy).toBe(places);
          // The call let in by a leave is the one the rule names among those that waited before it.
          if (s === 'leave' && admitted.length > admittedBefore && before.length > 0) {
            const expected = before.find((w) => w.urgent) ?? before[0];
            expect(admitted[admitted.length - 1]).toBe(expected.id);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
