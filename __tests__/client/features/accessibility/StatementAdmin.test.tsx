import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { StatementAdmin } from '../../../../src/client/features/accessibility/StatementAdmin.js';
import { accessibilityActions } from '../../../../src/client/features/accessibility/accessibilitySlice.js';
import { renderWithProviders } from '../../../helpers/client.js';
import type { AccessibilityStatement } from '../../../../src/shared/api/accessibility.js';

const statement = (exceptions: string): AccessibilityStatement => ({
  conformance: 'PARTIAL',
  exceptions,
  reviewedOn: '2026-10-01',
  updatedAt: '2026-10-01T09:00:00.000Z',
});

describe("the administrator's form on 'Accesibilidad'", () => {
  const exceptionsField = () => screen.getByLabelText('Contenido no accesible (uno por línea; vacío si no se conoce ninguno)');

  it('is filled with the statement as read, and again when it is read anew before the administrator writes', () => {
    const { store } = renderWithProviders(<StatementAdmin />);
    act(() => {
      store.dispatch(accessibilityActions.statementLoaded(statement('Los mapas.')));
    });
    expect(exceptionsField()).toHaveValue('Los mapas.');
    act(() => {
      store.dispatch(accessibilityActions.statementLoaded(statement('Los mapas y los PDF.')));
    });
    expect(exceptionsField()).toHaveValue('Los mapas y los PDF.');
  });

  it('keeps what the administrator wrote when the statement the page asked for arrives after it', async () => {
    const user = userEvent.setup();
    const { store } = renderWithProviders(<StatementAdmin />);
    act(() => {
      store.dispatch(accessibilityActions.statementLoaded(statement('Los mapas.')));
    });
    await user.clear(exceptionsField());
    await user.type(exceptionsField(), 'Los PDF impresos.');
    await user.selectOptions(screen.getByLabelText('Situación de cumplimiento'), 'FULL');
    act(() => {
      store.dispatch(accessibilityActions.statementRequested());
      store.dispatch(accessibilityActions.statementLoaded(statement('Los mapas.')));
    });
    expect(exceptionsField()).toHaveValue('Los PDF impresos.');
    expect(screen.getByLabelText('Situación de cumplimiento')).toHaveValue('FULL');
    await user.click(screen.getByRole('button', { name: 'Guardar la declaración' }));
    expect(store.getState().accessibility.save.status).toBe('loading');
  });
});
