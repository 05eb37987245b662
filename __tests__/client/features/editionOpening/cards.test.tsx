import { screen, fireEvent } from '@testing-library/react';
import { renderWithProviders } from '../../../helpers/client.js';
import { rootReducer } from '../../../../src/client/app/rootReducer.js';
import { editionOpeningActions } from '../../../../src/client/features/editionOpening/editionOpeningSlice.js';
import { EditionOpeningCard } from '../../../../src/client/features/editionOpening/EditionOpeningCard.js';
import { RemindersCard } from '../../../../src/client/features/editionOpening/RemindersCard.js';
import type { Reminders } from '../../../../src/shared/api/editionOpening.js';

const reminders = (smtpConfigured: boolean): Reminders => ({
  edition: 2027,
  smtpConfigured,
  entities: [
    { entityId: 1, entity: 'Ayuntamiento de Vic', province: 'Barcelona', status: 'none', users: 1 },
    { entityId: 2, entity: 'Ayuntamiento de Olot', province: 'Girona', status: 'draft', users: 2 },
  ],
  recipients: [
    { email: 'a@example.org', name: '', entities: ['Ayuntamiento de Vic'] },
    { email: 'b@example.org', name: '', entities: ['Ayuntamiento de Olot'] },
  ],
});

function stateWith(...actions: Parameters<typeof rootReducer>[1][]) {
  return actions.reduce((s, a) => rootReducer(s, a), rootReducer(undefined, { type: 'init' }));
}

describe('the status page cards of the yearly cycle', () => {
  it("shows the server's summary with Spanish thousands, and confirms the opening of that scope", () => {
    const preloadedState = stateWith(
      editionOpeningActions.remindersLoaded(reminders(true)),
      editionOpeningActions.summaryRequested({ scope: 'all' }),
      editionOpeningActions.summaryLoaded({ edition: 2027, toCreate: 2691, existing: 36 }),
    );
    const { store } = renderWithProviders(<EditionOpeningCard />, { preloadedState });
    expect(screen.getByText('Edición 2027: se crearán 2.691 campañas; 36 ya tienen una.')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText(/correo de campaña abierta/));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar y crear' }));
    expect(store.getState().editionOpening.opening.status).toBe('loading');
    expect(screen.getByRole('status')).toHaveTextContent('Creando las campañas…');
  });

  it('without SMTP explains how to configure it instead of the send button, and offers the CSV', () => {
    renderWithProviders(<RemindersCard />, { preloadedState: stateWith(editionOpeningActions.remindersLoaded(reminders(false))) });
    expect(screen.getByText('Edición 2027: 1 entidad sin empezar y 1 sin terminar; 2 usuarios.')).toBeInTheDocument();
    expect(screen.getByTestId('smtp-missing')).toHaveTextContent('SMTP_URL');
    expect(screen.queryByRole('button', { name: 'Enviar recordatorio' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Descargar CSV de correos' })).toBeEnabled();
  });

  it('with SMTP asks to confirm before sending', () => {
    const { store } = renderWithProviders(<RemindersCard />, { preloadedState: stateWith(editionOpeningActions.remindersLoaded(reminders(true))) });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar recordatorio' }));
    expect(screen.getByText('Se enviará un correo a cada uno de los 2 usuarios de estas entidades.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(store.getState().editionOpening.reminding.status).toBe('loading');
  });
});
