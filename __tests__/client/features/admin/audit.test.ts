import { expectSaga } from 'redux-saga-test-plan';
import { rootReducer } from '../../../../src/client/app/rootReducer.js';
import { initialAuthState } from '../../../../src/client/features/auth/authSlice.js';
import { auditActions } from '../../../../src/client/features/admin/audit/auditSlice.js';
import { handleExportRequested, handleFirstPage, handleMoreRequested } from '../../../../src/client/features/admin/audit/auditSaga.js';
import {
  AUDIT_ACTION_OPTIONS,
  selectAuditRangeInvalid,
  selectAuditRetentionDays,
  selectAuditRows,
  selectCanLoadMore,
} from '../../../../src/client/features/admin/audit/auditSelectors.js';
import { auditQuery, auditRowView, DETAIL_KEYS, detailParts, NO_FILTERS, VALUE_MESSAGES } from '../../../../src/client/features/admin/audit/auditModel.js';
import { auditApi } from '../../../../src/client/api/auditApi.js';
import { ApiError } from '../../../../src/client/api/ApiError.js';
import { snackbarActions } from '../../../../src/client/features/snackbar/snackbarSlice.js';
import { AUDIT_ACTIONS, auditActionMessageId } from '../../../../src/shared/audit.js';
import { isCalendarDate } from '../../../../src/shared/dates.js';
import type { AuditQuery, AuditRow } from '../../../../src/shared/api/audit.js';
import { MESSAGES } from '../../../helpers/messages.js';
import { demoUser } from '../../../helpers/client.js';

const state = () => ({
  ...rootReducer(undefined, { type: 'init' }),
  auth: { ...initialAuthState, status: 'loaded' as const, user: { ...demoUser, role: 'ADMIN' as const }, tokenSource: 'cookie' as const },
});

const row = (id: number, action = 'campaign.create', extra: Partial<AuditRow> = {}): AuditRow => ({
  id: String(id),
  at: '2026-11-24T08:15:00.000Z',
  action,
  actorId: 1,
  actorEmail: 'admin@demo.es',
  entityId: 7,
  entityName: 'Ayuntamiento de Alzira',
  targetType: 'campaign',
  targetId: '40',
  details: { entityId: 7, entityName: 'Ayuntamiento de Alzira', editionId: 3 },
  ...extra,
});

describe('activity log model', () => {
  it('sends only the filters set, and the cursor of the next page', () => {
    expect(auditQuery(NO_FILTERS)).toEqual({});
    expect(auditQuery({ ...NO_FILTERS, actor: 3, action: 'auth.login', from: '2026-01-01' }, '1700:9')).toEqual({
      actor: 3,
      action: 'auth.login',
      from: '2026-01-01',
      after: '1700:9',
    });
  });

  it('names known actions by their label and keeps unknown ones by their code', () => {
    expect(auditRowView(row(1)).actionMessage).toBe('AUDIT.ACTION.CAMPAIGN_CREATE');
    expect(auditRowView(row(2, 'edition.somethingNew'))).toMatchObject({ actionMessage: null, action: 'edition.somethingNew' });
    expect(auditRowView(row(3, 'campaign.reopen')).actionMessage).toBe('AUDIT.ACTION.CAMPAIGN_REOPEN');
    expect(auditActionMessageId('toString')).toBeUndefined();
  });

  it('shows the entity by name (or its id once gone) and the details without repeating it', () => {
    expect(auditRowView(row(1))).toMatchObject({
      entity: 'Ayuntamiento de Alzira',
      details: [{ key: 'editionId', label: null, value: { text: '3' } }],
      target: { type: 'campaign', id: '40' },
    });
    expect(auditRowView(row(1, 'entity.remove', { entityName: null })).entity).toBe('#7');
    expect(detailParts(null)).toEqual([]);
  });

  it('labels the details the server writes and reads their values: moments, calendar days, yes/no, scopes, none', () => {
    const parts = detailParts({
      reason: 'Error en el eje 2',
      sentAt: '2026-06-28T12:15:00.000Z',
      closesOn: '2020-01-31',
      opensOn: null,
      notify: false,
      scope: 'province',
      entities: [1, 2],
      previousClosesOn: '2020-13-45x',
      verdict: 'fix',
      kind: 'link',
      meansFrom: 'validated',
      status: 'sent',
      somethingNew: { code: 'BAD' },
    });
    expect(parts).toEqual([
      { key: 'reason', label: 'AUDIT.DETAIL.REASON', value: { text: 'Error en el eje 2' } },
      { key: 'sentAt', label: 'AUDIT.DETAIL.SENT_AT', value: { moment: '2026-06-28T12:15:00.000Z' } },
      { key: 'closesOn', label: 'AUDIT.DETAIL.CLOSES_ON', value: { day: '2020-01-31' } },
      { key: 'opensOn', label: 'AUDIT.DETAIL.OPENS_ON', value: { message: 'AUDIT.VALUE.NONE' } },
      { key: 'notify', label: 'AUDIT.DETAIL.NOTIFY', value: { message: 'AUDIT.VALUE.NO' } },
      { key: 'scope', label: 'AUDIT.DETAIL.SCOPE', value: { message: 'AUDIT.SCOPE.PROVINCE' } },
      { key: 'entities', label: 'AUDIT.DETAIL.ENTITIES', value: { text: '1, 2' } },
      { key: 'previousClosesOn', label: 'AUDIT.DETAIL.PREVIOUS_CLOSES_ON', value: { text: '2020-13-45x' } },
      { key: 'verdict', label: 'AUDIT.DETAIL.VERDICT', value: { message: 'REVIEW.MARK.fix' } },
      { key: 'kind', label: 'AUDIT.DETAIL.KIND', value: { message: 'AUDIT.KIND.LINK' } },
      { key: 'meansFrom', label: 'AUDIT.DETAIL.MEANS_FROM', value: { message: 'EDITIONS.MEANS.validated' } },
      { key: 'status', label: 'AUDIT.DETAIL.STATUS', value: { message: 'CAMPAIGNS.STATUS.sent' } },
      { key: 'somethingNew', label: null, value: { text: 'code: BAD' } },
    ]);
  });

  it('has a label for every detail key and value in the four languages', () => {
    const ids = [
      ...detailParts(Object.fromEntries(DETAIL_KEYS.map((key) => [key, 1]))).map((p) => p.label),
      'AUDIT.VALUE.NONE',
      'AUDIT.VALUE.YES',
      'AUDIT.VALUE.NO',
      ...Object.values(VALUE_MESSAGES).flatMap((codes) => Object.values(codes)),
    ];
    // Every key has its own label.
    expect(ids.filter((id) => id === null)).toEqual([]);
    for (const id of ids)
      for (const messages of Object.values(MESSAGES) as Record<string, string>[]) expect([id, typeof messages[id!]]).toEqual([id, 'string']);
  });

  it('has a label for every known action in the four languages', () => {
    for (const id of Object.values(AUDIT_ACTIONS))
      for (const messages of Object.values(MESSAGES) as Record<string, string>[]) expect([id, typeof messages[id]]).toEqual([id, 'string']);
    expect(MESSAGES.es['AUDIT.EMPTY']).toBe('No hay actividad con estos filtros');
    expect(AUDIT_ACTION_OPTIONS.map((o) => o.value)).toContain('user.regeneratePassword');
  });

  it('accepts only real calendar dates', () => {
    expect(['2026-02-28', '2024-02-29'].map(isCalendarDate)).toEqual([true, true]);
    expect(['2026-02-29', '2026-13-01', '26-01-01', '2026-1-1'].map(isCalendarDate)).toEqual([false, false, false, false]);
  });
});

describe('activity log store', () => {
  it('offers "Cargar más" only while a further page exists and none is loading; flags a backwards range', () => {
    let s = rootReducer(state(), auditActions.firstPageLoaded({ rows: [row(2), row(1)], next: 'c1' }));
    expect(selectAuditRows(s).map((r) => r.id)).toEqual(['2', '1']);
    expect(selectCanLoadMore(s)).toBe(true);
    expect(selectCanLoadMore(rootReducer(s, auditActions.moreRequested()))).toBe(false);
    s = rootReducer(s, auditActions.moreLoaded({ after: 'c1', page: { rows: [row(0)], next: null } }));
    expect([selectAuditRows(s).length, selectCanLoadMore(s)]).toEqual([3, false]);
    expect(selectAuditRangeInvalid(rootReducer(s, auditActions.filtersChanged({ from: '2026-05-02', to: '2026-05-01' })))).toBe(true);
  });

  it('keeps how long the server keeps rows from its first page, through an empty page the client makes itself', () => {
    let s = rootReducer(state(), auditActions.firstPageLoaded({ rows: [row(2)], next: null, retentionDays: 730 }));
    expect(selectAuditRetentionDays(s)).toBe(730);
    s = rootReducer(s, auditActions.firstPageLoaded({ rows: [], next: null }));
    expect(selectAuditRetentionDays(s)).toBe(730);
    expect(selectAuditRetentionDays(state())).toBeNull();
  });

  it('drops a page that continues a list the filters have since replaced', () => {
    let s = rootReducer(state(), auditActions.firstPageLoaded({ rows: [row(2)], next: 'old' }));
    s = rootReducer(s, auditActions.filtersChanged({ action: 'auth.login' }));
    s = rootReducer(s, auditActions.firstPageLoaded({ rows: [row(9, 'auth.login')], next: null }));
    s = rootReducer(s, auditActions.moreLoaded({ after: 'old', page: { rows: [row(1)], next: null } }));
    expect(selectAuditRows(s).map((r) => r.id)).toEqual(['9']);
  });
});

describe('activity log sagas', () => {
  it('loads the first page with the filters, and says so in Spanish when it fails', async () => {
    const asked: AuditQuery[] = [];
    const list = async (_token: string | null, query: AuditQuery) => (asked.push(query), { rows: [row(1)], next: 'n', retentionDays: 730 });
    const s = rootReducer(state(), auditActions.filtersChanged({ entity: 7 }));
    const ok = await expectSaga(handleFirstPage, { auditApi: { ...auditApi, list }, download: () => undefined })
      .withReducer(rootReducer, s)
      .run();
    expect(asked).toEqual([{ entity: 7 }]);
    expect(ok.storeState.audit.list).toMatchObject({ status: 'succeeded', next: 'n' });
    expect(ok.storeState.audit.retentionDays).toBe(730);
    const failing = async () => Promise.reject(new ApiError('INTERNAL', 500));
    const failed = await expectSaga(handleFirstPage, { auditApi: { ...auditApi, list: failing }, download: () => undefined })
      .withReducer(rootReducer, s)
      .put.like({ action: { type: snackbarActions.toastShown.type, payload: { message: 'AUDIT.LOAD_ERROR' } } })
      .run();
    expect(failed.storeState.audit.list.status).toBe('failed');
  });

  it('does not ask the server for a backwards range', async () => {
    let calls = 0;
    const list = async () => (calls++, { rows: [], next: null, retentionDays: 730 });
    const s = rootReducer(state(), auditActions.filtersChanged({ from: '2026-05-02', to: '2026-05-01' }));
    const { storeState } = await expectSaga(handleFirstPage, { auditApi: { ...auditApi, list }, download: () => undefined })
      .withReducer(rootReducer, s)
      .run();
    expect(calls).toBe(0);
    expect(storeState.audit.list).toMatchObject({ status: 'succeeded', rows: [] });
  });

  it('asks for the next page after the cursor, and downloads the CSV of the filters', async () => {
    const asked: AuditQuery[] = [];
    const list = async (_token: string | null, query: AuditQuery) => (asked.push(query), { rows: [row(0)], next: null, retentionDays: 730 });
    const s = rootReducer(
      rootReducer(state(), auditActions.filtersChanged({ action: 'campaign.create' })),
      auditActions.firstPageLoaded({ rows: [row(1)], next: 'c1' }),
    );
    const more = await expectSaga(handleMoreRequested, { auditApi: { ...auditApi, list }, download: () => undefined })
      .withReducer(rootReducer, s)
      .run();
    expect(asked).toEqual([{ action: 'campaign.create', after: 'c1' }]);
    expect(more.storeState.audit.list.rows.map((r: AuditRow) => r.id)).toEqual(['1', '0']);

    const saved: string[] = [];
    const exportCsv = async (_token: string | null, filters: unknown) => (
      saved.push(JSON.stringify(filters)),
      { name: 'registro.csv', blob: new Blob(['x'], { type: 'text/csv' }) }
    );
    const download = (name: string) => void saved.push(name);
    const done = await expectSaga(handleExportRequested, { auditApi: { ...auditApi, exportCsv }, download })
      .withReducer(rootReducer, rootReducer(s, auditActions.exportRequested()))
      .run();
    expect(saved).toEqual(['{"action":"campaign.create"}', 'registro.csv']);
    expect(done.storeState.audit.exporting).toBe(false);
  });
});
