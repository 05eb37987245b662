import { screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../../../src/client/api/ApiError.js';
import { rootReducer } from '../../../../src/client/app/rootReducer.js';
import { resultsActions } from '../../../../src/client/features/results/resultsSlice.js';
import { publicationActions } from '../../../../src/client/features/publication/publicationSlice.js';
import { selectSealView } from '../../../../src/client/features/publication/publicationSelectors.js';
import { SealBlock, sealSnippet } from '../../../../src/client/features/publication/SealBlock.js';
import { publicationApi } from '../../../../src/client/api/publicationApi.js';
import type { CampaignSeal } from '../../../../src/shared/api/publication.js';
import { demoUser, renderWithProviders, sessionWith } from '../../../helpers/client.js';
import { initialAuthState } from '../../../../src/client/features/auth/authSlice.js';

const PUBLIC_URL = 'https://indicadores.example.es';
/** A seal's public addresses as the server answers them. */
const addresses = (code: string) => ({ pageUrl: `${PUBLIC_URL}/sello/${code}`, badgeUrl: `${PUBLIC_URL}/api/v1/public/sealBadge?code=${code}` });
const held = (code: string) => ({ code, ...addresses(code) });

const seal = (over: Partial<CampaignSeal>): CampaignSeal => ({
  year: 2025,
  final: true,
  threshold: { maxPopulation: 10000, minPercentage: 0.85 },
  percentage: 0.818,
  lackingPoints: 3.2,
  seal: null,
  ...over,
});
/** The store with campaign 7's results open and its seal loaded. */
const withSeal = (value: CampaignSeal, campaignId = 7) => {
  const opened = rootReducer(undefined, resultsActions.campaignOpened(7));
  return rootReducer(rootReducer(opened, publicationActions.sealRequested(campaignId)), publicationActions.sealLoaded({ campaignId, seal: value }));
};
const signedIn = { ...initialAuthState, status: 'loaded' as const, user: demoUser, tokenSource: 'cookie' as const };

describe('the seal on the results page', () => {
  it('says the seal held, the points lacking to the threshold (as the server counts them), reaching it before the final results, or nothing', () => {
    expect(selectSealView(withSeal(seal({ seal: held('c'.repeat(32)) })))).toEqual({ kind: 'granted', year: 2025, ...addresses('c'.repeat(32)) });
    expect(selectSealView(withSeal(seal({})))).toEqual({ kind: 'lacking', year: 2025, minPercentage: 0.85, points: 3.2 });
    expect(selectSealView(withSeal(seal({ final: false, percentage: 0.8495, lackingPoints: 0 })))).toEqual({
      kind: 'reaching',
      year: 2025,
      minPercentage: 0.85,
    });
    // Final, reaching it, without a seal: a campaign not validated; nothing to say.
    expect(selectSealView(withSeal(seal({ percentage: 0.9, lackingPoints: 0 })))).toEqual({ kind: 'none' });
    expect(selectSealView(withSeal(seal({ threshold: null, lackingPoints: null })))).toEqual({ kind: 'none' });
    expect(selectSealView(withSeal(seal({ percentage: null, lackingPoints: null })))).toEqual({ kind: 'none' });
    // Another campaign's seal is not this one's.
    expect(selectSealView(withSeal(seal({ seal: held('c'.repeat(32)) }), 8))).toEqual({ kind: 'none' });
  });

  it('shows the seal held with its badge to download and the HTML to paste, linking to the page that verifies it', async () => {
    const code = 'ab'.repeat(16);
    renderWithProviders(<SealBlock campaignId={7} />, {
      preloadedState: { ...rootReducer(undefined, resultsActions.campaignOpened(7)), auth: signedIn },
      runSagas: true,
      dependencies: {
        session: sessionWith({ accessToken: 'access-1' }),
        publicationApi: { ...publicationApi, campaignSeal: async () => seal({ seal: held(code) }) },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Sello 2025' })).toBeInTheDocument();
    // The server's addresses (its PUBLIC_URL), not the one the browser opened the app at.
    expect(screen.getByRole('img', { name: 'Sello 2025' })).toHaveAttribute('src', `${PUBLIC_URL}/api/v1/public/sealBadge?code=${code}`);
    expect(screen.getByRole('link', { name: 'Descargar el sello (SVG)' })).toHaveAttribute('download', 'sello-2025.svg');
    expect(screen.getByRole('link', { name: 'Ver la página de verificación' })).toHaveAttribute('href', `${PUBLIC_URL}/sello/${code}`);
    expect(screen.getByLabelText('Código HTML para tu web')).toHaveValue(
      `<a href="${PUBLIC_URL}/sello/${code}"><img src="${PUBLIC_URL}/api/v1/public/sealBadge?code=${code}" alt="Sello 2025" width="260" height="96"></a>`,
    );
    expect(sealSnippet(`https://a.es/sello/${code}`, `https://a.es/api/v1/public/sealBadge?code=${code}`, 'Sello "2025" <b>')).toBe(
      `<a href="https://a.es/sello/${code}"><img src="https://a.es/api/v1/public/sealBadge?code=${code}" alt="Sello &quot;2025&quot; &lt;b>" width="260" height="96"></a>`,
    );
  });

  it('says how many percentage points the campaign lacks, and a toast when the seal cannot be read', async () => {
    const { unmount } = renderWithProviders(<SealBlock campaignId={7} />, {
      preloadedState: { ...rootReducer(undefined, resultsActions.campaignOpened(7)), auth: signedIn },
      runSagas: true,
      dependencies: { session: sessionWith({ accessToken: 'access-1' }), publicationApi: { ...publicationApi, campaignSeal: async () => seal({}) } },
    });
    expect(
      await screen.findByText('Para obtener el Sello 2025, las entidades de su tramo de población necesitan un 85,0%: le faltan 3,2 puntos porcentuales.'),
    ).toBeInTheDocument();
    unmount();
    const { store } = renderWithProviders(<SealBlock campaignId={7} />, {
      preloadedState: { ...rootReducer(undefined, resultsActions.campaignOpened(7)), auth: signedIn },
      runSagas: true,
      dependencies: {
        session: sessionWith({ accessToken: 'access-1' }),
        publicationApi: {
          ...publicationApi,
          campaignSeal: async () => Promise.reject(new ApiError('CONNECTION_FAILED', 600)),
        },
      },
    });
    await waitFor(() => expect(store.getState().snackbar.current).toMatchObject({ message: 'SEAL.LOAD_ERROR' }));
    expect(screen.queryByTestId('seal-block')).not.toBeInTheDocument();
  });
});
