import { makeStore } from '../../../../src/client/app/store.js';
import { rootReducer } from '../../../../src/client/app/rootReducer.js';
import { initialAuthState } from '../../../../src/client/features/auth/authSlice.js';
import { teamActions } from '../../../../src/client/features/team/teamSlice.js';
import { teamApi } from '../../../../src/client/api/teamApi.js';
import type { AssignRequest, Assignments } from '../../../../src/shared/api/team.js';
import { demoUser, sessionWith } from '../../../helpers/client.js';

/** A call whose answer the test gives when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const marta = { userId: 8, email: 'marta@ayto.es', name: 'Marta' };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the questionnaire's assignments", () => {
  it('are sent one at a time in the order chosen, each choice waiting until its own answer, the last answer kept', async () => {
    const calls: { request: AssignRequest; answer: ReturnType<typeof deferred<Assignments>> }[] = [];
    const { store } = makeStore({
      preloadedState: { ...rootReducer(undefined, { type: 'init' }), auth: { ...initialAuthState, status: 'loaded', user: demoUser, tokenSource: 'cookie' } },
      dependencies: {
        session: sessionWith({ accessToken: 'access-1' }),
        teamApi: {
          ...teamApi,
          assignments: async () => [],
          assign: (_token, request) => {
            const answer = deferred<Assignments>();
            calls.push({ request, answer });
            return answer.promise;
          },
        },
      },
    });
    store.dispatch(teamActions.assignmentsRequested(5));
    store.dispatch(teamActions.assignAsked({ campaignId: 5, axisId: 1, userId: marta.userId }));
    store.dispatch(teamActions.assignAsked({ campaignId: 5, axisId: 1, policyId: 12, userId: null }));
    await flush();
    // The second waits for the first's answer; both choices show as on their way.
    expect(calls.map((c) => c.request)).toEqual([{ id: 5, axisId: 1, userId: marta.userId }]);
    expect(store.getState().team.assigning).toEqual(['1', '1:12']);

    calls[0].answer.resolve([
      { axisId: 1, policyId: null, ...marta },
      { axisId: 1, policyId: 12, ...marta },
    ]);
    await flush();
    expect(calls.map((c) => c.request)).toEqual([
      { id: 5, axisId: 1, userId: marta.userId },
      { id: 5, axisId: 1, policyId: 12, userId: null },
    ]);
    expect(store.getState().team.assigning).toEqual(['1:12']);

    calls[1].answer.resolve([{ axisId: 1, policyId: null, ...marta }]);
    await flush();
    expect(store.getState().team.assigning).toEqual([]);
    expect(store.getState().team.assignments.data).toEqual([{ axisId: 1, policyId: null, ...marta }]);
    expect(store.getState().snackbar.current?.message).toBe('TEAM.TOAST.POLICY_UNASSIGNED');
  });
});
