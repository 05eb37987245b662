import { expectSaga, testSaga } from 'redux-saga-test-plan';
import { all, call, cancel, delay, fork, getContext, put, select } from 'redux-saga/effects';
import { REFRESH_WAIT_MS } from '../../../src/client/lib/constants.js';
import { rootReducer } from '../../../src/client/app/rootReducer.js';
import { callApi, failureToast } from '../../../src/client/app/apiCall.js';
import { errorPage, handling, keepOnScreen, KEPT_ON_SCREEN } from '../../../src/client/app/callPolicies.js';
import { ApiError, serializeError } from '../../../src/client/api/ApiError.js';
import type { RequestError } from '../../../src/client/lib/remote.js';
import { EDITION_FINAL_MESSAGE } from '../../../src/client/lib/refusals.js';
import { authActions, initialAuthState } from '../../../src/client/features/auth/authSlice.js';
import { selectRefreshing } from '../../../src/client/features/auth/authSelectors.js';
import { watchAuth } from '../../../src/client/features/auth/authSaga.js';
import { SESSION_TOKENS_CONTEXT } from '../../../src/client/lib/sessionTokens.js';
import { demoUser, fakeDependencies, memoryTokenStore, sessionContext, sessionWith } from '../../helpers/client.js';

const signedIn = () => ({
  ...rootReducer(undefined, { type: 'init' }),
  auth: { ...initialAuthState, status: 'loaded' as const, user: demoUser, tokenSource: 'cookie' as const },
});
const firstTokens = () => ({ accessToken: 'access-1' });
const expired = new ApiError('EXPIRED_ACCESS_TOKEN', 401);

/** A secure call that refuses the first access token as expired and answers with the token it got. */
const echoToken = async (token: string | null) => {
  if (token === 'access-1') throw expired;
  if (!token) throw new ApiError('INVALID_TOKEN', 401);
  return `data for ${token}`;
};

/** Several callers at once beside the auth watcher, which is stopped once they are done (the saga then ends). */
function* callersSaga(deps: ReturnType<typeof fakeDependencies>, callers: number): Generator<any, void, any> {
  const watcher = yield fork(watchAuth, deps);
  const results: string[] = yield all(
    Array.from({ length: callers }, () =>
      call(function* caller(): Generator<any, string, any> {
        try {
          return yield* callApi(errorPage(), echoToken);
        } catch (err) {
          return `failed: ${(err as ApiError).type}`;
        }
      }),
    ),
  );
  yield put({ type: 'test/done', payload: results });
  yield cancel(watcher);
}

describe('refresh and retry', () => {
  it('shares one refresh among concurrent callers and retries each with the new token', async () => {
    const tokenStore = memoryTokenStore();
    const deps = fakeDependencies({ tokenStore, session: sessionWith(firstTokens()) });
    let refreshes = 0;
    deps.authApi = {
      ...deps.authApi,
      refresh: async (...args) => {
        refreshes += 1;
        // No refresh token from the page: the browser sends its HttpOnly cookie.
        expect(args).toEqual([]);
        await new Promise((r) => setTimeout(r, 100));
        return { accessToken: 'access-2' };
      },
    };
    const { storeState } = await expectSaga(callersSaga, deps, 3)
      .withReducer(rootReducer, signedIn())
      .provide(sessionContext(deps.session))
      .put({ type: 'test/done', payload: ['data for access-2', 'data for access-2', 'data for access-2'] })
      .silentRun(3000);
    expect(refreshes).toBe(1);
    expect(tokenStore.saved).toEqual([{ accessToken: 'access-2' }]);
    expect(deps.session.accessToken()).toBe('access-2');
    expect(storeState.auth).toMatchObject({ user: demoUser, refreshing: false });
  });

  it('drops the tokens when the refresh fails and retries without them, ending the session', async () => {
    const tokenStore = memoryTokenStore(firstTokens());
    const deps = fakeDependencies({ tokenStore, session: sessionWith(firstTokens()) });
    deps.authApi = { ...deps.authApi, refresh: async () => Promise.reject(new ApiError('HTTP_ERROR', 400)) };
    const { storeState } = await expectSaga(callersSaga, deps, 2)
      .withReducer(rootReducer, signedIn())
      .provide(sessionContext(deps.session))
      .put(authActions.refreshFailed())
      .put({ type: 'test/done', payload: ['failed: INVALID_TOKEN', 'failed: INVALID_TOKEN'] })
      .silentRun(3000);
    expect(tokenStore.current).toBeNull();
    expect(deps.session.accessToken()).toBeNull();
    expect(storeState.auth.user).toBeNull();
    expect(storeState.errors.globalError).toEqual({ id: 'TRANSPORT.UNAUTHORIZED' });
  });

  it('waits for a refresh in flight until it ends (or at most 10 s), without polling, then retries', () => {
    const session = sessionWith(firstTokens());
    const saga = callApi(errorPage(), echoToken);
    expect(saga.next().value).toEqual(getContext(SESSION_TOKENS_CONTEXT));
    expect(saga.next(session as never).value).toEqual(call(echoToken, 'access-1'));
    // Another caller already started the refresh: this one asks for no second refresh and waits for its end.
    expect(saga.throw(expired).value).toEqual(select(selectRefreshing));
    expect(saga.next(true as never).value).toEqual(select(selectRefreshing));
    const wait = saga.next(true as never).value as any;
    expect(wait.type).toBe('RACE');
    expect(wait.payload.timedOut).toEqual(delay(REFRESH_WAIT_MS));
    const ends = wait.payload.ended.payload.pattern as (action: { type: string }) => boolean;
    expect(ends(authActions.tokensRefreshed())).toBe(true);
    expect(ends(authActions.refreshFailed())).toBe(true);
    expect(ends(authActions.loggedOut())).toBe(true);
    expect(ends(authActions.refreshRequested())).toBe(false);
    expect(ends({ type: 'campaigns/mineRequested' })).toBe(false);
    session.replace({ accessToken: 'access-2' });
    expect(saga.next({ ended: authActions.tokensRefreshed() } as never).value).toEqual(call(echoToken, 'access-2'));
  });

  it('wakes a waiting caller as soon as the refresh in flight ends', async () => {
    const session = sessionWith(firstTokens());
    const refreshing = { ...signedIn(), auth: { ...signedIn().auth, refreshing: true } };
    function* waiter(): Generator<any, void, any> {
      const data: string = yield* callApi(errorPage(), echoToken);
      yield put({ type: 'test/done', payload: data });
    }
    function* refresher(): Generator<any, void, any> {
      yield delay(20);
      session.replace({ accessToken: 'access-2' });
      yield put(authActions.tokensRefreshed());
    }
    function* both(): Generator<any, void, any> {
      yield fork(waiter);
      yield fork(refresher);
    }
    // Within 100 ms of test time: a caller that polled every 500 ms would not have retried yet.
    await expectSaga(both)
      .withReducer(rootReducer, refreshing)
      .provide(sessionContext(session))
      .put({ type: 'test/done', payload: 'data for access-2' })
      .run(100);
  });

  it('starts the refresh when it is the first to meet the expired token', () => {
    const session = sessionWith(firstTokens());
    const waiting = testSaga(callApi, errorPage(), echoToken)
      .next()
      .getContext(SESSION_TOKENS_CONTEXT)
      .next(session)
      .call(echoToken, 'access-1')
      .throw(expired)
      .select(selectRefreshing)
      .next(false)
      .put(authActions.refreshRequested())
      .next()
      .select(selectRefreshing);
    session.replace({ accessToken: 'access-2' });
    waiting.next(false).call(echoToken, 'access-2');
  });
});

describe('transport errors', () => {
  const failing = (error: ApiError) => async () => Promise.reject(error);
  function* run(error: ApiError, handled: ApiError['type'][] = []): Generator<any, void, any> {
    try {
      yield* callApi(handling(handled), failing(error));
    } catch (err) {
      yield put({ type: 'test/rethrown', payload: (err as ApiError).type });
    }
  }

  it.each([
    [new ApiError('CONNECTION_FAILED', 600), { id: 'TRANSPORT.SERVER_NOT_RUNNING' }],
    [new ApiError('NOT_FOUND', 404), { id: 'TRANSPORT.NOT_FOUND', notFound: true }],
    [new ApiError('HTTP_ERROR', 501), { id: 'TRANSPORT.API_KEY_INVALID' }],
    [new ApiError('CONFLICT', 409), { id: 'TRANSPORT.HTTP_ERROR', values: { status: 409 } }],
    [new ApiError('INTERNAL', 500), { id: 'TRANSPORT.INTERNAL' }],
    [new ApiError('EMPTY_RESPONSE', 200), { id: 'TRANSPORT.EMPTY_RESPONSE' }],
  ])('shows the error page for %s and rethrows to the caller', async (error, message) => {
    const { storeState } = await expectSaga(run, error).withReducer(rootReducer, signedIn()).put({ type: 'test/rethrown', payload: error.type }).run();
    expect(storeState.errors.globalError).toEqual(message);
    expect(storeState.auth.user).toEqual(demoUser);
  });

  it('ends the session on a refused token with Unauthorized user!', async () => {
    const { storeState } = await expectSaga(run, new ApiError('INVALID_TOKEN', 401)).withReducer(rootReducer, signedIn()).put(authActions.loggedOut()).run();
    expect(storeState.errors.globalError).toEqual({ id: 'TRANSPORT.UNAUTHORIZED' });
  });

  it('keeps on screen every failure but a refused session and an unreadable request (keepOnScreen)', () => {
    const kept = [
      'VALIDATION',
      'CONFLICT',
      'FORBIDDEN',
      'NOT_FOUND',
      'EMAIL_EXISTS',
      'RATE_LIMITED',
      'INTERNAL',
      'UNAVAILABLE',
      'CONNECTION_FAILED',
      'EMPTY_RESPONSE',
      'HTTP_ERROR',
    ];
    expect([...KEPT_ON_SCREEN].sort()).toEqual(kept.sort());
  });

  it('leaves 422 and the types the caller handles to the caller', async () => {
    for (const [error, handled] of [
      [new ApiError('VALIDATION', 422), []],
      [new ApiError('CONFLICT', 409), ['CONFLICT']],
    ] as const) {
      const { storeState } = await expectSaga(run, error, [...handled])
        .withReducer(rootReducer, signedIn())
        .put({ type: 'test/rethrown', payload: error.type })
        .run();
      expect(storeState.errors.globalError).toBeNull();
    }
  });
});

describe('failure toasts', () => {
  const finalEdition = serializeError(new ApiError('CONFLICT', 409, { code: 'EDITION_FINAL', campaignNumber: 2024 }));
  const otherConflict = serializeError(new ApiError('CONFLICT', 409, { code: 'REVIEW_STATE' }));

  it("says an edition's results are final whatever the call's own toast, and shows none where the call shows none", () => {
    const own = (error: RequestError) => (error.type === 'CONFLICT' ? 'OWN.CONFLICT' : null);
    expect(failureToast(own, finalEdition)).toBe(EDITION_FINAL_MESSAGE);
    expect(failureToast('OWN.ERROR', finalEdition)).toBe(EDITION_FINAL_MESSAGE);
    expect(failureToast(undefined, finalEdition)).toBeNull();
    expect(failureToast(own, otherConflict)).toBe('OWN.CONFLICT');
    expect(failureToast('OWN.ERROR', otherConflict)).toBe('OWN.ERROR');
  });

  it('puts the toast when a call fails, and rethrows', async () => {
    function* run(): Generator<any, void, any> {
      try {
        yield* callApi(keepOnScreen('OWN.ERROR'), async () => Promise.reject(new ApiError('CONFLICT', 409, { code: 'EDITION_FINAL', campaignNumber: 2024 })));
      } catch (err) {
        yield put({ type: 'test/rethrown', payload: (err as ApiError).type });
      }
    }
    const { storeState } = await expectSaga(run).withReducer(rootReducer, signedIn()).put({ type: 'test/rethrown', payload: 'CONFLICT' }).run();
    expect(storeState.snackbar.current).toMatchObject({ message: EDITION_FINAL_MESSAGE, severity: 'error' });
    expect(storeState.errors.globalError).toBeNull();
  });
});

describe('a session that ends while a call is on its way', () => {
  /** Two calls of the session, one answering and one refused, each released by the test. */
  function pendingCalls() {
    const release = { answer: (_value: string) => undefined as void, refuse: (_err: unknown) => undefined as void };
    const answering = () => new Promise<string>((resolve) => (release.answer = resolve));
    const refused = () => new Promise<string>((_resolve, reject) => (release.refuse = reject));
    return { release, answering, refused };
  }
  function* worker(fn: () => Promise<string>): Generator<any, void, any> {
    try {
      yield put({ type: 'test/answered', payload: yield* callApi(errorPage(), fn) });
    } catch {
      yield put({ type: 'test/failed' });
    }
  }
  function* sessionEndsMidway(session: ReturnType<typeof sessionWith>, calls: ReturnType<typeof pendingCalls>, end: boolean): Generator<any, void, any> {
    yield fork(worker, calls.answering);
    yield fork(worker, calls.refused);
    if (end) session.forget();
    calls.release.answer('data of the session that ended');
    calls.release.refuse(new ApiError('INVALID_TOKEN', 401));
  }

  it('drops both outcomes: no data, no failure, no logout', async () => {
    const session = sessionWith(firstTokens());
    const calls = pendingCalls();
    await expectSaga(sessionEndsMidway, session, calls, true)
      .withReducer(rootReducer, signedIn())
      .provide(sessionContext(session))
      .not.put.actionType('test/answered')
      .not.put.actionType('test/failed')
      .not.put(authActions.loggedOut())
      .silentRun(50);
  });

  it('delivers both while the session lasts', async () => {
    const session = sessionWith(firstTokens());
    const calls = pendingCalls();
    await expectSaga(sessionEndsMidway, session, calls, false)
      .withReducer(rootReducer, signedIn())
      .provide(sessionContext(session))
      .put({ type: 'test/answered', payload: 'data of the session that ended' })
      .put({ type: 'test/failed' })
      .put(authActions.loggedOut())
      .silentRun(50);
  });
});
