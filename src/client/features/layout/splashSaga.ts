import { delay, put, race, take, type Effect } from 'redux-saga/effects';
import { layoutActions } from './layoutSlice.js';
import { authActions } from '../auth/authSlice.js';
import { SPLASH_MAX_MS } from '../../lib/constants.js';

/** Hides the splash screen as soon as the session is known, or after 3 s at the latest. */
export function* handleSplash(): Generator<Effect, void, never> {
  yield take(authActions.appStarted.type);
  yield race({ known: take([authActions.sessionLoaded.type, authActions.sessionMissing.type]), timeout: delay(SPLASH_MAX_MS) });
  yield put(layoutActions.splashHidden());
}
