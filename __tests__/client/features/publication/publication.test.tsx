import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { expectSaga } from 'redux-saga-test-plan';
import { rootReducer } from '../../../../src/client/app/rootReducer.js';
import { resultsActions } from '../../../../src/client/features/results/resultsSlice.js';
import { publicationActions } from '../../../../src/client/features/publication/publicationSlice.js';
import { handleChangeAsked } from '../../../../src/client/features/publication/publicationSaga.js';
import { PublicationChoice } from '../../../../src/client/features/publication/PublicationChoice.js';
import { publicationApi } from '../../../../src/client/api/publicationApi.js';
import { ApiError } from '../../../../src/client/api/ApiError.js';
import type { EntityPublication } from '../../../../src/shared/api/publication.js';
import { demoUser, renderWithProviders, sessionWith } from '../../../helpers/client.js';
import { initialAuthState } from '../../../../src/client/features/auth/authSlice.js';
import { createSessionTokens } from '../../../../src/client/lib/sessionTokens.js';

const choice = (publish: boolean, changedBy: string | null = null): EntityPublication => ({
  entityId: 4,
  publish,
  changedAt: changedBy ? '2026-03-20T10:00:00.000Z' : null,
  changedBy,
});
/** Signed in, with the entity's results on screen. */
const onEntity = (entityId: number) => ({
  ...rootReducer(undefined, resultsActions.entitySelected(entityId)),
  auth: { ...initialAuthState, status: 'loaded' as const, user: demoUser, tokenSource: 'cookie' as const },
});

describe("'Publicar mis resultados'", () => {
  it("loads the entity on screen's choice, and turns it on with the switch, waiting for the server", async () => {
    const asked: [number, boolean][] = [];
    let answer: (value: EntityPublication) => void = () => undefined;
    const { store } = renderWithProviders(<PublicationChoice />, {
      preloadedState: onEntity(4),
      runSagas: true,
      dependencies: {
        session: sessionWith({ accessToken: 'access-1' }),
        publicationApi: {
          ...publicationApi,
          state: async (_token, id) => ({ ...choice(false), entityId: id }),
          set: (_token, id, publish) => {
            asked.push([id, publish]);
            return new Promise((resolve) => (answer = resolve));
          },
        },
      },
    });
    const toggle = await screen.findByRole('switch', { name: 'Publicar mis resultados' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(expect.stringContaining('Las medias por territorio son públicas en cualquier caso.'));
    await act(async () => {
      await userEvent.click(toggle);
    });
    expect(asked).toEqual([[4, true]]);
    // Until the server answers, the switch cannot be turned again and a spinner says it is working.
    expect(toggle).toBeDisabled();
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(async () => answer(choice(true, 'usuario@demo.es')));
    expect(await screen.findByRole('switch', { name: 'Publicar mis resultados' })).toBeChecked();
    expect(screen.getByText(/Cambiado por usuario@demo\.es el 20 de marzo de 2026/)).toBeInTheDocument();
    expect(store.getState().snackbar.current).toMatchObject({ message: 'PUBLICATION.TOAST.PUBLISHED', severity: 'success' });
  });

  it('offers to try again when the choice cannot be read', async () => {
    let calls = 0;
    renderWithProviders(<PublicationChoice />, {
      preloadedState: onEntity(4),
      runSagas: true,
      dependencies: {
        session: sessionWith({ accessToken: 'access-1' }),
        publicationApi: {
          ...publicationApi,
          state: async () => {
            calls += 1;
            if (calls === 1) throw new ApiError('CONNECTION_FAILED', 600);
            return choice(true);
          },
        },
      },
    });
    await screen.findByText('No se ha podido saber si los resultados de la entidad son públicos.');
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    });
    expect(await screen.findByRole('switch', { name: 'Publicar mis resultados' })).toBeChecked();
  });

  it('keeps the switch as it was when the change is refused, and says so', async () => {
    const refused = { publicationApi: { ...publicationApi, set: async () => Promise.reject(new ApiError('FORBIDDEN', 403)) }, session: createSessionTokens() };
    const start = [publicationActions.choiceRequested(4), publicationActions.choiceLoaded(choice(false))].reduce(rootReducer, onEntity(4));
    const { storeState } = await expectSaga(handleChangeAsked, refused, publicationActions.changeAsked({ id: 4, publish: true }))
      .withReducer(rootReducer, rootReducer(start, publicationActions.changeAsked({ id: 4, publish: true })))
      .run();
    expect(storeState.publication.choice.data).toEqual(choice(false));
    expect(storeState.publication.change.status).toBe('failed');
    expect(storeState.snackbar.current).toMatchObject({ message: 'PUBLICATION.TOAST.ERROR' });
  });

  it("shows another entity's choice only once it is loaded", () => {
    const loaded = rootReducer(rootReducer(onEntity(4), publicationActions.choiceRequested(4)), publicationActions.choiceLoaded(choice(true)));
    const other = rootReducer(loaded, publicationActions.choiceRequested(5));
    expect(other.publication).toMatchObject({ entityId: 5, choice: { status: 'loading', data: null } });
    // A late answer about the entity left behind is not this one's.
    expect(rootReducer(other, publicationActions.choiceLoaded(choice(false))).publication.choice.data).toBeNull();
  });
});
