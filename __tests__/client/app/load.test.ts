import { expectSaga } from 'redux-saga-test-plan';
import { rootReducer } from '../../../src/client/app/rootReducer.js';
import { frozenOnTop, load } from '../../../src/client/app/load.js';
import { resultsActions } from '../../../src/client/features/results/resultsSlice.js';
import type { ResultResponse } from '../../../src/shared/api/results.js';
import type { IndicatorGroup } from '../../../src/shared/api/campaigns.js';

/** An answer shaped like the API's: objects in arrays in objects, deeper than the top two levels. */
const nested = () => ({ campaign: { id: 2, name: 'C' }, groups: [{ id: 1, questions: [{ id: 10, points: [1, 2] }] }], total: 3 });

async function loadedState<R>(answer: R, loaded: (answer: R) => { type: string }) {
  // A request answered at once, as callApi's generator ends with the API's answer.
  // eslint-disable-next-line require-yield
  const request = (function* request() {
    return answer;
  })();
  const { storeState } = await expectSaga(load, request as never, loaded as never, resultsActions.resultFailed)
    .withReducer(rootReducer)
    .run();
  return storeState as ReturnType<typeof rootReducer>;
}

describe('load', () => {
  it('stores the answer as it came, read-only at its top, without a deep walk by immer', async () => {
    const answer = nested();
    const state = await loadedState(answer as unknown as ResultResponse, resultsActions.resultLoaded);
    const stored = state.results.result.data as unknown as ReturnType<typeof nested>;
    expect(stored).toBe(answer);
    expect(stored).toEqual(nested());
    expect(Object.isFrozen(stored) && Object.isFrozen(stored.groups) && Object.isFrozen(stored.campaign)).toBe(true);
    // Immer deep-freezes what a reducer stores unless it is frozen already: below the top, nothing was touched.
    expect(Object.isFrozen(stored.groups[0])).toBe(false);
    expect(Object.isFrozen(stored.groups[0].questions[0].points)).toBe(false);
  });

  it('stops immer at an answer stored whole when it is a list', async () => {
    const groups = nested().groups as unknown as IndicatorGroup[];
    const state = await loadedState(groups, resultsActions.answersLoaded);
    expect(state.results.answers.indicators).toBe(groups);
    expect(Object.isFrozen(groups) && Object.isFrozen(groups[0])).toBe(true);
    expect(Object.isFrozen((groups[0] as unknown as ReturnType<typeof nested>['groups'][0]).questions)).toBe(false);
  });

  it('keeps the stored answer through later changes of the same slice', async () => {
    const answer = nested();
    const state = await loadedState(answer as unknown as ResultResponse, resultsActions.resultLoaded);
    const next = rootReducer(state, resultsActions.viewChanged('global'));
    expect(next.results.view).toBe('global');
    expect(next.results.result.data).toBe(answer);
    expect(Object.isFrozen(answer.groups[0])).toBe(false);
  });

  it('answers without an object as they are', () => {
    expect(frozenOnTop(null)).toBeNull();
    expect(frozenOnTop(3)).toBe(3);
    expect(frozenOnTop('texto')).toBe('texto');
    const list = [1, 2];
    expect(frozenOnTop(list)).toBe(list);
    expect(Object.isFrozen(list)).toBe(true);
  });
});
