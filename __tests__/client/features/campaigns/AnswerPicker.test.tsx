import { jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { AnswerPicker } from '../../../../src/client/features/campaigns/AnswerPicker.js';
import type { Subindicator } from '../../../../src/shared/api/campaigns.js';
import { renderWithProviders } from '../../../helpers/client.js';

const single: Subindicator = {
  id: 1, text: '¿Qué tecnología predomina?', type: 'single', answer: null,
  responses: [
    { id: 10, text: 'LED', value: 3, obsolete: false },
    { id: 11, text: 'Sodio', value: 1, obsolete: false },
    { id: 12, text: 'Vapor de mercurio', value: 0, obsolete: true },
  ],
};
const multiple: Subindicator = {
  id: 2, text: '¿Qué acciones realiza?', type: 'multiple', answer: null,
  responses: [
    { id: 20, text: 'Compostaje', value: 1, obsolete: false },
    { id: 21, text: 'Recogida puerta a puerta', value: 1, obsolete: false },
  ],
};

describe('answer picker', () => {
  it('sends a single choice as a one-element array, by keyboard too', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn();
    renderWithProviders(<AnswerPicker subindicator={single} onSave={onSave} />);
    await user.click(screen.getByLabelText('LED'));
    await user.click(screen.getByLabelText('Sodio'));
    screen.getByRole('button', { name: /^Guardar/ }).focus();
    await user.keyboard('{Enter}');
    expect(onSave).toHaveBeenCalledWith([11]);
  });

  it('warns and sends nothing when saving with nothing chosen', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn();
    const { unmount } = renderWithProviders(<AnswerPicker subindicator={single} onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: /^Guardar/ }));
    expect(screen.getByRole('alert')).toHaveTextContent('Debes seleccionar 1 respuesta');
    unmount();
    renderWithProviders(<AnswerPicker subindicator={multiple} onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: /^Guardar/ }));
    expect(screen.getByRole('alert')).toHaveTextContent('Debes seleccionar como mínimo 1 respuesta');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends every ticked choice of a multiple-choice question, and null when cleared', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn();
    renderWithProviders(<AnswerPicker subindicator={{ ...multiple, answer: [20] }} onSave={onSave} />);
    await user.click(screen.getByLabelText('Recogida puerta a puerta'));
    await user.click(screen.getByRole('button', { name: /^Guardar/ }));
    expect(onSave).toHaveBeenLastCalledWith([20, 21]);
    await user.click(screen.getByRole('button', { name: 'Borrar respuesta' }));
    expect(onSave).toHaveBeenLastCalledWith(null);
  });

  it('hides obsolete responses from the choices and shows a chosen one in brackets', () => {
    const { unmount } = renderWithProviders(<AnswerPicker subindicator={{ ...single, answer: [12] }} onSave={() => undefined} />);
    expect(screen.queryByLabelText('Vapor de mercurio')).toBeNull();
    expect(screen.getByTestId('obsolete-answer')).toHaveTextContent('[Vapor de mercurio]');
    unmount();
    renderWithProviders(<AnswerPicker subindicator={{ ...single, answer: [12] }} readOnly />);
    expect(screen.getByTestId('answer-1')).toHaveTextContent('[Vapor de mercurio]');
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it.each([
    ['loading', null, 'Guardando...'],
    ['succeeded', [10], 'Guardada'],
    ['failed', null, 'No se ha guardado'],
  ] as const)('shows the save state %s', (status, answer, text) => {
    renderWithProviders(<AnswerPicker subindicator={{ ...single, answer: answer && [...answer] }} saveStatus={status} onSave={() => undefined} />);
    expect(screen.getByTestId('save-status-1')).toHaveTextContent(text);
  });
});
