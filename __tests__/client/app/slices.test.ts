import { reducers, rootReducer } from '../../../src/client/app/rootReducer.js';
import { alertsActions } from '../../../src/client/features/alerts/alertsSlice.js';
import { snackbarActions } from '../../../src/client/features/snackbar/snackbarSlice.js';
import { reportFiltersActions, initialReportFilters } from '../../../src/client/features/reportFilters/reportFiltersSlice.js';
import { resultsActions } from '../../../src/client/features/results/resultsSlice.js';
import { authActions, initialAuthState } from '../../../src/client/features/auth/authSlice.js';
import { localeActions } from '../../../src/client/features/locale/localeSlice.js';
import { selectLoginErrorMessage, selectCan } from '../../../src/client/features/auth/authSelectors.js';
import { headerTitleId, homePathFor } from '../../../src/client/app/paths.js';
import { MENU_ITEMS } from '../../../src/client/features/layout/menu.js';
import { can } from '../../../src/shared/permissions.js';
import { demoUser } from '../../helpers/client.js';

const reduce = (...actions: { type: string }[]) => actions.reduce(rootReducer, rootReducer(undefined, { type: 'init' }));

describe('alerts queue', () => {
  it('shows alerts one at a time: hiding the first shows the next', () => {
    const two = reduce(alertsActions.alertShown({ title: 'A', message: 'a' }), alertsActions.alertShown({ title: 'B', message: 'b' }));
    expect(two.alerts.queue.map((a) => a.title)).toEqual(['A', 'B']);
    expect(two.alerts.visible).toBe(true);
    const next = rootReducer(two, alertsActions.alertHidden());
    expect(next.alerts.queue.map((a) => a.title)).toEqual(['B']);
    expect(next.alerts.visible).toBe(true);
    const none = rootReducer(rootReducer(next, alertsActions.alertLoading(true)), alertsActions.alertHidden());
    expect(none.alerts).toEqual({ queue: [], visible: false, loading: false });
  });
});

describe('snackbar', () => {
  it('opens with the newest toast and closes only for that toast', () => {
    const first = reduce(snackbarActions.toastShown('MSG.A', 'success'));
    const firstId = first.snackbar.current!.id;
    const second = rootReducer(first, snackbarActions.toastShown('MSG.B'));
    expect(second.snackbar.current).toMatchObject({ message: 'MSG.B', severity: 'error' });
    expect(rootReducer(second, snackbarActions.toastClosed(firstId)).snackbar.open).toBe(true);
    expect(rootReducer(second, snackbarActions.toastClosed(second.snackbar.current!.id)).snackbar.open).toBe(false);
  });
});

describe('report filters', () => {
  it('start all on, toggle one by one and reset when the campaign changes', () => {
    expect(reduce().reportFilters).toEqual({
      territory: { entity: true, province: true, autonomousCommunity: true, country: true, sizeBand: true },
      includeAnswers: true,
      compareWithParticipants: true,
      campaignId: null,
    });
    const opened = reduce(resultsActions.campaignOpened(7));
    const toggled = [
      reportFiltersActions.territoryToggled('province'),
      reportFiltersActions.compareWithParticipantsToggled(),
      reportFiltersActions.includeAnswersToggled(),
    ].reduce(rootReducer, opened);
    expect(toggled.reportFilters).toEqual({
      ...initialReportFilters,
      territory: { ...initialReportFilters.territory, province: false },
      includeAnswers: false,
      compareWithParticipants: false,
      campaignId: 7,
    });
    // Opening the same campaign again (a reload) keeps them; another campaign or a shared link resets them.
    expect(rootReducer(toggled, resultsActions.campaignOpened(7)).reportFilters).toBe(toggled.reportFilters);
    expect(rootReducer(toggled, resultsActions.campaignOpened(8)).reportFilters).toEqual({ ...initialReportFilters, campaignId: 8 });
    expect(rootReducer(toggled, resultsActions.sharedLinkOpened()).reportFilters).toEqual({ ...initialReportFilters, campaignId: -1 });
    // A page with no campaign (the menu's Comparativas) leaves them as they were.
    expect(rootReducer(toggled, resultsActions.campaignOpened(null)).reportFilters).toBe(toggled.reportFilters);
  });
});

describe('session and language', () => {
  it('keeps the language chosen before signing in and clears everything on logout', () => {
    const signedIn = reduce(localeActions.languageChanged('ca'), authActions.loginSucceeded({ user: demoUser }));
    expect(signedIn.locale.language).toBe('ca');
    expect(signedIn.auth).toMatchObject({ status: 'loaded', user: demoUser, tokenSource: 'cookie' });
    const out = rootReducer(signedIn, authActions.loggedOut());
    expect(out.auth).toEqual({ ...initialAuthState, status: 'loaded' });
  });

  it('forgets, on every session change, every slice but the session, the error page and the preferences', () => {
    const kept = ['auth', 'errors', 'locale', 'layout'];
    const keys = Object.keys(reducers) as (keyof typeof reducers)[];
    // Every slice holds something of the previous user; new slices are covered without being listed.
    const stale = Object.fromEntries(keys.map((key) => [key, { previousUser: 'datos de la sesión anterior' }])) as unknown as ReturnType<typeof rootReducer>;
    const events = [authActions.logoutRequested(), authActions.loggedOut(), authActions.refreshFailed(), authActions.loginSucceeded({ user: demoUser })];
    for (const event of events) {
      const after = rootReducer(stale, event);
      const cleared = keys.filter((key) => !kept.includes(key));
      expect(Object.fromEntries(cleared.map((key) => [key, after[key]]))).toEqual(
        Object.fromEntries(cleared.map((key) => [key, reducers[key](undefined, { type: 'init' })])),
      );
    }
    expect(rootReducer(stale, authActions.loggedOut()).auth).toEqual({ ...initialAuthState, status: 'loaded' });
  });

  it('maps a failed login to its message', () => {
    const failed = (type: string, status: number) => reduce(authActions.loginFailed({ type: type as 'INVALID_CREDENTIALS', status }));
    expect(selectLoginErrorMessage(failed('INVALID_CREDENTIALS', 401))).toEqual({ id: 'AUTH.LOGIN.INVALID' });
    expect(selectLoginErrorMessage(failed('RATE_LIMITED', 429))).toEqual({ id: 'AUTH.LOGIN.RATE_LIMITED' });
    expect(selectLoginErrorMessage(failed('HTTP_ERROR', 429))).toEqual({ id: 'AUTH.LOGIN.RATE_LIMITED' });
    expect(selectLoginErrorMessage(failed('CONNECTION_FAILED', 600))).toEqual({ id: 'TRANSPORT.SERVER_NOT_RUNNING' });
    expect(selectLoginErrorMessage(reduce())).toBeNull();
  });

  it('says how long to wait after too many login attempts when the server says it', () => {
    const limited = (retryAfterSeconds: unknown) =>
      selectLoginErrorMessage(reduce(authActions.loginFailed({ type: 'RATE_LIMITED', status: 429, data: { retryAfterSeconds } })));
    expect(limited(2)).toEqual({ id: 'AUTH.LOGIN.RATE_LIMITED_SECONDS', values: { count: 2 } });
    expect(limited(59)).toEqual({ id: 'AUTH.LOGIN.RATE_LIMITED_SECONDS', values: { count: 59 } });
    expect(limited(60)).toEqual({ id: 'AUTH.LOGIN.RATE_LIMITED_MINUTES', values: { count: 1 } });
    expect(limited(900)).toEqual({ id: 'AUTH.LOGIN.RATE_LIMITED_MINUTES', values: { count: 15 } });
    expect(limited('soon')).toEqual({ id: 'AUTH.LOGIN.RATE_LIMITED' });
  });

  it('asks the rules table for the signed-in role', () => {
    const admin = reduce(authActions.sessionLoaded({ ...demoUser, role: 'ADMIN' }));
    expect(selectCan(admin, 'USERS_MANAGE')).toBe(true);
    expect(selectCan(admin, 'SELF_CAMPAIGNS')).toBe(false);
    expect(selectCan(reduce(), 'AUTH')).toBe(false);
  });
});

describe('navigation', () => {
  it.each([
    ['/campaigns', 'HEADER.CAMPAIGNS'],
    ['/my-campaigns/12', 'HEADER.CAMPAIGNS'],
    ['/results/3', 'HEADER.RESULTS'],
    ['/comparisons', 'HEADER.RESULTS'],
    ['/status', 'HEADER.STATUS'],
    ['/manage/entities/create', 'HEADER.CREATE_ENTITY'],
    ['/manage/entities', 'HEADER.ENTITIES'],
    ['/manage/users/create', 'HEADER.USERS'],
    ['/no-dashboard', 'HEADER.DASHBOARD'],
  ])('titles %s as %s', (path, id) => expect(headerTitleId(path)).toBe(id));

  it('sends each role home and shows it its menu', () => {
    expect([homePathFor('USER'), homePathFor('ADMIN'), homePathFor('FEC'), homePathFor(undefined), homePathFor('MARTIAN')]).toEqual([
      '/my-campaigns',
      '/status',
      '/status',
      '/auth/login',
      '/auth/login',
    ]);
    const menu = (role: string) => MENU_ITEMS.filter((item) => item.actions.some((a) => can(role, a))).map((item) => item.id);
    expect(menu('USER')).toEqual(['MENU.MY_CAMPAIGNS', 'MENU.RESULTS', 'MENU.COMPARISONS']);
    expect(menu('ADMIN')).toEqual([
      'MENU.STATUS',
      'MENU.REVIEW',
      'MENU.ENTITIES',
      'MENU.USERS',
      'MENU.EDITIONS',
      'MENU.AUDIT',
      'MENU.RESULTS',
      'MENU.COMPARISONS',
    ]);
    expect(menu('FEC')).toEqual(['MENU.STATUS', 'MENU.REVIEW', 'MENU.ENTITIES', 'MENU.USERS', 'MENU.EDITIONS', 'MENU.RESULTS', 'MENU.COMPARISONS']);
    expect(menu('MARTIAN')).toEqual([]);
  });
});
