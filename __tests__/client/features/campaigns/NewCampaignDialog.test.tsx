import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { NewCampaignDialog } from '../../../../src/client/features/campaigns/NewCampaignDialog.js';
import { SnackbarHost } from '../../../../src/client/features/snackbar/SnackbarHost.js';
import { campaignsActions } from '../../../../src/client/features/campaigns/campaignsSlice.js';
import { selectNewCampaignChoice } from '../../../../src/client/features/campaigns/campaignsSelectors.js';
import { rootReducer } from '../../../../src/client/app/rootReducer.js';
import { initialAuthState } from '../../../../src/client/features/auth/authSlice.js';
import { campaignsApi } from '../../../../src/client/api/campaignsApi.js';
import { ApiError } from '../../../../src/client/api/ApiError.js';
import type { CampaignStatusRow, EntityCampaigns } from '../../../../src/shared/api/campaigns.js';
import { demoUser, renderWithProviders } from '../../../helpers/client.js';

const entities: EntityCampaigns = {
  entityCampaigns: [
    { entityId: 1, text: 'Alzira - (Valencia/València)', campaigns: [] },
    { entityId: 2, text: 'Gandia - (Valencia/València)', campaigns: [] },
    { entityId: 3, text: 'Xàtiva - (Valencia/València)', campaigns: [] },
    { entityId: 4, text: 'Sueca - (Valencia/València)', archived: true, campaigns: [] },
  ].map((entity) => ({ archived: false, ...entity })),
};
const row = (campaignId: number, entityId: number, campaignNumber: number, currentEdition: boolean): CampaignStatusRow => ({
  campaignId,
  campaignNumber,
  entityId,
  entity: `E${entityId}`,
  province: 'Valencia/València',
  provinceId: '46',
  autonomousCommunity: 'Comunitat Valenciana',
  autonomousCommunityId: '10',
  status: 'created',
  startDate: null,
  endDate: null,
  currentEdition,
  openObjections: 0,
  reviewStatus: 'none',
  editionId: campaignNumber - 2023,
  deadline: null,
});
// Gandia has its campaign of 2026, the current edition; Alzira only one of 2025.
const rows = [row(10, 1, 2025, false), row(11, 2, 2025, false), row(12, 2, 2026, true)];
const admin = { auth: { ...initialAuthState, status: 'loaded' as const, user: { ...demoUser, role: 'ADMIN' as const }, tokenSource: 'cookie' as const } };
const reduce = (...actions: { type: string }[]) => actions.reduce(rootReducer, rootReducer(undefined, { type: 'init' }));

describe("'Nueva Campaña' choice", () => {
  it('leaves out the entities with a campaign in the current edition and archived ones, and waits for both lists', () => {
    const choice = selectNewCampaignChoice(reduce(campaignsActions.statusLoaded(rows), campaignsActions.entityOptionsLoaded(entities.entityCampaigns)));
    expect(choice).toEqual({
      loading: false,
      edition: 2026,
      excluded: 1,
      options: [
        { value: 1, label: 'Alzira - (Valencia/València)' },
        { value: 3, label: 'Xàtiva - (Valencia/València)' },
      ],
    });
    expect(selectNewCampaignChoice(reduce(campaignsActions.entityOptionsLoaded(entities.entityCampaigns))).loading).toBe(true);
    expect(selectNewCampaignChoice(reduce(campaignsActions.statusLoaded(rows), campaignsActions.entityOptionsRequested())).loading).toBe(true);
  });

  it('does not offer an entity that has its campaign, says why, and shows the server refusal in Spanish', async () => {
    const user = userEvent.setup();
    const created: number[] = [];
    renderWithProviders(
      <>
        <NewCampaignDialog show onHide={() => undefined} />
        <SnackbarHost />
      </>,
      {
        preloadedState: { ...admin, campaigns: reduce(campaignsActions.statusLoaded(rows)).campaigns },
        runSagas: true,
        dependencies: {
          campaignsApi: {
            ...campaignsApi,
            getByUser: async () => entities,
            status: async () => rows,
            // Another administrator was quicker: the server refuses with its own 409.
            create: async (_token, entityId) => (created.push(entityId), Promise.reject(new ApiError('CONFLICT', 409, 'CAMPAIGN_EXISTS'))),
          },
        },
      },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Nueva campaña' });
    await user.click(await within(dialog).findByRole('button', { name: /^Entidad / }));
    const offered = within(screen.getByRole('group', { name: 'Entidad' }))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(offered).toEqual(['Alzira - (Valencia/València)', 'Xàtiva - (Valencia/València)']);
    expect(within(dialog).getByText('No se ofrecen las entidades que ya tienen campaña en la edición 2026 (1).')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Alzira - (Valencia/València)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Crear campaña' }));
    expect(await screen.findByText('Esta entidad ya tiene campaña en la edición actual')).toBeVisible();
    expect(created).toEqual([1]);
  });
});
