import { collectGarbage } from '../../../src/server/cli/memoryPeaks.js';

describe('collectGarbage (the bench heap measures start from it)', () => {
  it('answers the heap once what only a WeakRef held is gone, which one collection in the same task keeps', async () => {
    let held: number[][] | undefined = Array.from({ length: 40 }, () => new Array<number>(65_536).fill(1.5)); // 20 MB of the heap
    const ref = new WeakRef(held);
    held = undefined;
    // Reading a WeakRef's target keeps it alive until the task that read it ends.
    expect(ref.deref()).toHaveLength(40);
    const withTarget = process.memoryUsage().heapUsed;
    const heap = await collectGarbage();
    expect(ref.deref()).toBeUndefined();
    expect(heap).toBeLessThan(withTarget - 10 * 2 ** 20);
  });
});
