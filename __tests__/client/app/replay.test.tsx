// First: it stands in for the Redux DevTools extension, which @reduxjs/toolkit looks for when it loads.
import { devToolsRecord } from '../../helpers/devTools.js';
import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { UnknownAction } from '@reduxjs/toolkit';
import MyCampaignsPage from '../../../src/client/features/campaigns/MyCampaignsPage.js';
import { campaignsApi } from '../../../src/client/api/campaignsApi.js';
import { initialAuthState } from '../../../src/client/features/auth/authSlice.js';
import type { CampaignSummary } from '../../../src/shared/api/campaigns.js';
import { demoUser, renderWithProviders } from '../../helpers/client.js';

const campaign = (id: number, entity: string): CampaignSummary => ({
  id,
  campaignNumber: 2026,
  text: 'Campaña 2026',
  entityId: id,
  entity,
  status: id % 2 ? 'sent' : 'draft',
  startDate: null,
  endDate: `2026-0${(id % 9) + 1}-01T00:00:00Z`,
  deadline: null,
  reopening: null,
  reviewStatus: id % 2 ? 'pending' : 'none',
  autonomousCommunity: '10',
});
const rows = Array.from({ length: 12 }, (_, i) => campaign(i + 1, `Ayuntamiento ${String.fromCharCode(65 + i)}`));
const signedIn = { auth: { ...initialAuthState, status: 'loaded' as const, user: demoUser, tokenSource: 'cookie' as const } };

describe('a session recorded in Redux DevTools', () => {
  it('replays: every action is plain data, and dispatching the recorded ones again draws the same screens', async () => {
    devToolsRecord.clear();
    const user = userEvent.setup();
    const recorded = renderWithProviders(<MyCampaignsPage />, {
      route: '/my-campaigns',
      preloadedState: signedIn,
      runSagas: true,
      dependencies: { campaignsApi: { ...campaignsApi, all: async () => rows } },
    });
    await screen.findByText('Ayuntamiento H');
    const screens: string[] = [];
    const keep = () => screens.push(recorded.container.innerHTML);
    keep();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    keep();
    await user.type(screen.getByLabelText('Buscar por entidad'), 'ayuntamiento k');
    await waitFor(() => expect(screen.queryByText('Ayuntamiento H')).toBeNull());
    keep();
    const actions = devToolsRecord.entries.slice(1).map((entry) => JSON.parse(entry.action) as UnknownAction);
    const finalState = devToolsRecord.entries.at(-1)!.state;
    recorded.unmount();

    // A second browser with nothing but the recording: no sagas, no API; the actions go through the reducers again.
    const replay = renderWithProviders(<MyCampaignsPage />, { route: '/my-campaigns', preloadedState: signedIn, runSagas: false });
    const replayed: string[] = [];
    for (const action of actions) {
      act(() => void replay.store.dispatch(action));
      replayed.push(replay.container.innerHTML);
    }
    expect(JSON.stringify(replay.store.getState())).toBe(finalState);
    // Each screen the user saw is drawn at some step of the replay, in the same order.
    let step = 0;
    for (const seen of screens) {
      step = replayed.indexOf(seen, step);
      expect(step).toBeGreaterThanOrEqual(0);
    }
  });
});
