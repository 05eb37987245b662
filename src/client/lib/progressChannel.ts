import type { Action } from '@reduxjs/toolkit';
import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import { put, take } from 'redux-saga/effects';
import type { UploadProgress } from '../api/http.js';
import { fork, type Saga } from './typedEffects.js';

/**
 * A transport's progress callback (UploadProgress) as a saga channel: `report(sent, total)` emits the whole
 * percentage reached, each once (a browser reports an upload's progress many times a second), and the channel keeps
 * only the latest for its taker.
 */
export function progressChannel(): { channel: EventChannel<number>; report: UploadProgress } {
  let emit: (percent: number) => void = () => undefined;
  const channel = eventChannel<number>((emitter) => {
    emit = emitter;
    return () => {
      emit = () => undefined;
    };
  }, buffers.sliding(1));
  let last: number | null = null;
  const report: UploadProgress = (sent, total) => {
    const percent = total > 0 ? Math.min(100, Math.floor((100 * sent) / total)) : 0;
    if (percent === last) return;
    last = percent;
    emit(percent);
  };
  return { channel, report };
}

function* putEach(channel: EventChannel<number>, progressed: (percent: number) => Action): Saga<void> {
  // take ends this saga once the channel is closed and empty.
  for (;;) {
    const percent = (yield take(channel)) as number;
    yield put(progressed(percent));
  }
}

/**
 * Runs `work(report)`, a call given a progress callback (callApi of an upload), while every percentage it reports
 * is put as `progressed(percent)`; the channel closes when the work ends, however it ends. A call tried again (after
 * a token refresh) reports from 0 again.
 */
export function* withProgress<R>(progressed: (percent: number) => Action, work: (report: UploadProgress) => Saga<R>): Saga<R> {
  const { channel, report } = progressChannel();
  yield* fork(putEach, channel, progressed);
  try {
    return yield* work(report);
  } finally {
    channel.close();
  }
}
