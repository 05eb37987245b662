import { END } from 'redux-saga';
import { progressChannel } from '../../../src/client/lib/progressChannel.js';

/** What a taker of the channel gets next (END once it is closed and empty). */
const next = (channel: ReturnType<typeof progressChannel>['channel']) =>
  new Promise<number | typeof END>((resolve) => channel.take((value) => resolve(value as number | typeof END)));

describe('progressChannel', () => {
  it('emits each whole percentage once, keeps only the latest for a taker that is busy, and ends once closed', async () => {
    const { channel, report } = progressChannel();
    report(0, 1000);
    expect(await next(channel)).toBe(0);
    // Many reports within one percent are one event.
    const taken = next(channel);
    report(451, 1000);
    report(452, 1000);
    expect(await taken).toBe(45);
    // No taker meanwhile: the newest waits, the older is dropped.
    report(600, 1000);
    report(1000, 1000);
    channel.close();
    expect(await next(channel)).toBe(100);
    expect(await next(channel)).toBe(END);
  });

  it('starts over from 0 when a call is sent again, and reads an empty body as 0', async () => {
    const { channel, report } = progressChannel();
    report(1000, 1000);
    expect(await next(channel)).toBe(100);
    report(0, 1000);
    expect(await next(channel)).toBe(0);
    report(0, 0);
    report(5, 1000);
    const taken = next(channel);
    report(20, 1000);
    expect(await taken).toBe(2);
  });
});
