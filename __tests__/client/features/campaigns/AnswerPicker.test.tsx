import { jest } from '@jest/globals';
import { useState } from 'react';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { AnswerPicker as Picker, toggledChoice, type AnswerPickerProps } from '../../../../src/client/features/campaigns/AnswerPicker.js';
import type { Subindicator } from '../../../../src/shared/api/campaigns.js';
import { renderWithProviders } from '../../../helpers/client.js';
import { ASKS_NOTHING } from '../../../helpers/questions.js';

const single: Subindicator = {
  id: 1,
  text: '¿Qué tecnología predomina?',
  type: 'single',
  answer: null,
  ...ASKS_NOTHING,
  responses: [
    { id: 10, text: 'LED', value: 3, obsolete: false, exclusive: false },
    { id: 11, text: 'Sodio', value: 1, obsolete: false, exclusive: false },
    { id: 12, text: 'Vapor de mercurio', value: 0, obsolete: true, exclusive: false },
  ],
};
const multiple: Subindicator = {
  id: 2,
  text: '¿Qué acciones realiza?',
  type: 'multiple',
  answer: null,
  ...ASKS_NOTHING,
  responses: [
    { id: 20, text: 'Compostaje', value: 1, obsolete: false, exclusive: false },
    { id: 21, text: 'Recogida puerta a puerta', value: 1, obsolete: false, exclusive: false },
  ],
};

/** The picker with its choice kept as the questionnaire's store keeps it: changed by onChoose, unsaved while not the answer. */
function AnswerPicker(props: Omit<AnswerPickerProps, 'choice' | 'onChoose' | 'unsaved'>) {
  const [choice, setChoice] = useState<readonly number[] | undefined>(undefined);
  const saved = props.subindicator.answer ?? [];
  const unsaved = choice !== undefined && (choice.length !== saved.length || choice.some((id) => !saved.includes(id)));
  return <Picker {...props} choice={choice} unsaved={unsaved} onChoose={setChoice} />;
}

describe('answer picker', () => {
  it('puts a single choice on screen by click and by keyboard, and saves it at once with Guardar', async () => {
    const user = userEvent.setup();
    const onChoose = jest.fn();
    const onSaveNow = jest.fn();
    renderWithProviders(<Picker subindicator={single} onChoose={onChoose} onSaveNow={onSaveNow} />);
    await user.click(screen.getByLabelText('LED'));
    expect(onChoose).toHaveBeenLastCalledWith([10]);
    screen.getByLabelText('Sodio').focus();
    await user.keyboard(' ');
    expect(onChoose).toHaveBeenLastCalledWith([11]);
    expect(onSaveNow).not.toHaveBeenCalled();
  });

  it('warns and saves nothing now when Guardar is pressed with nothing chosen', async () => {
    const user = userEvent.setup();
    const onSaveNow = jest.fn();
    const { unmount } = renderWithProviders(<AnswerPicker subindicator={single} onSaveNow={onSaveNow} />);
    await user.click(screen.getByRole('button', { name: /^Guardar/ }));
    expect(screen.getByRole('alert')).toHaveTextContent('Debes seleccionar 1 respuesta');
    unmount();
    renderWithProviders(<AnswerPicker subindicator={multiple} onSaveNow={onSaveNow} />);
    await user.click(screen.getByRole('button', { name: /^Guardar/ }));
    expect(screen.getByRole('alert')).toHaveTextContent('Debes seleccionar como mínimo 1 respuesta');
    expect(onSaveNow).not.toHaveBeenCalled();
  });

  it('ticks every choice of a multiple-choice question; Guardar saves now; Borrar respuesta clears and saves now', async () => {
    const user = userEvent.setup();
    const onSaveNow = jest.fn();
    renderWithProviders(<AnswerPicker subindicator={{ ...multiple, answer: [20] }} onSaveNow={onSaveNow} />);
    await user.click(screen.getByLabelText('Recogida puerta a puerta'));
    expect(screen.getByLabelText('Compostaje')).toBeChecked();
    expect(screen.getByLabelText('Recogida puerta a puerta')).toBeChecked();
    await user.click(screen.getByRole('button', { name: /^Guardar/ }));
    expect(onSaveNow).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Borrar respuesta' }));
    expect(screen.getByLabelText('Compostaje')).not.toBeChecked();
    expect(screen.getByLabelText('Recogida puerta a puerta')).not.toBeChecked();
    expect(onSaveNow).toHaveBeenCalledTimes(2);
  });

  it('hides obsolete responses from the choices and shows a chosen one in brackets', () => {
    const { unmount } = renderWithProviders(<AnswerPicker subindicator={{ ...single, answer: [12] }} />);
    expect(screen.queryByLabelText('Vapor de mercurio')).toBeNull();
    expect(screen.getByTestId('obsolete-answer')).toHaveTextContent('[Vapor de mercurio]');
    unmount();
    renderWithProviders(<AnswerPicker subindicator={{ ...single, answer: [12] }} readOnly />);
    expect(screen.getByTestId('answer-1')).toHaveTextContent('[Vapor de mercurio]');
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it.each([
    ['loading', null, false, 'Guardando…'],
    ['succeeded', [10], false, '✓ Guardada'],
    [undefined, [10], false, '✓ Guardada'],
    [undefined, [10], true, 'Guardando…'],
    ['succeeded', [10], true, 'Guardando…'],
    ['failed', [10], true, 'No se ha podido guardar: reintentar'],
  ] as const)('shows the save state %s (answer %j, unsaved %s) as %s', (status, answer, unsaved, text) => {
    renderWithProviders(
      <Picker
        subindicator={{ ...single, answer: answer && [...answer] }}
        choice={unsaved ? [11] : undefined}
        unsaved={unsaved}
        saveStatus={status}
        onRetry={() => undefined}
      />,
    );
    expect(screen.getByTestId('save-status-1')).toHaveTextContent(new RegExp(`^${text}$`));
  });

  it("says 'Sin guardar' without 'reintentar' after a failed save that waits for the user elsewhere (a stale answer)", () => {
    renderWithProviders(<Picker subindicator={{ ...single, answer: [10] }} choice={[11]} unsaved saveStatus="failed" />);
    expect(screen.getByTestId('save-status-1')).toHaveTextContent(/^Sin guardar$/);
    expect(screen.queryByRole('button', { name: 'reintentar' })).toBeNull();
  });

  it("offers 'reintentar' after a failed save", async () => {
    const user = userEvent.setup();
    const onRetry = jest.fn();
    renderWithProviders(<Picker subindicator={{ ...single, answer: [10] }} choice={[11]} unsaved saveStatus="failed" onRetry={onRetry} />);
    await user.click(screen.getByRole('button', { name: 'reintentar' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("says 'Guardando…' instead of '✓ Guardada' while the choice on screen is not the saved one", async () => {
    const user = userEvent.setup();
    renderWithProviders(<AnswerPicker subindicator={{ ...single, answer: [10] }} />);
    const status = screen.getByTestId('save-status-1');
    expect(status).toHaveTextContent('✓ Guardada');
    await user.click(screen.getByText('Sodio'));
    expect(screen.getByLabelText('Sodio')).toBeChecked();
    expect(status).toHaveTextContent('Guardando…');
    expect(status).not.toHaveTextContent('Guardada');
    await user.click(screen.getByText('LED'));
    expect(status).toHaveTextContent('✓ Guardada');
  });

  it("unticks the other boxes when 'Ninguno de los anteriores' is ticked, and it when another is ticked", async () => {
    const user = userEvent.setup();
    const withNone: Subindicator = {
      ...multiple,
      responses: [...multiple.responses, { id: 22, text: 'Ninguno de los anteriores', value: 0, obsolete: false, exclusive: true }],
    };
    renderWithProviders(<AnswerPicker subindicator={withNone} />);
    await user.click(screen.getByLabelText('Compostaje'));
    await user.click(screen.getByLabelText('Recogida puerta a puerta'));
    await user.click(screen.getByLabelText('Ninguno de los anteriores'));
    expect(screen.getByLabelText('Ninguno de los anteriores')).toBeChecked();
    expect(screen.getByLabelText('Compostaje')).not.toBeChecked();
    expect(screen.getByLabelText('Recogida puerta a puerta')).not.toBeChecked();
    await user.click(screen.getByLabelText('Compostaje'));
    expect(screen.getByLabelText('Compostaje')).toBeChecked();
    expect(screen.getByLabelText('Ninguno de los anteriores')).not.toBeChecked();
  });
});

describe('the choice after a tick', () => {
  const sub: Subindicator = {
    ...multiple,
    responses: [
      ...multiple.responses,
      { id: 22, text: 'Ninguno de los anteriores', value: 0, obsolete: false, exclusive: true },
      { id: 23, text: 'No procede', value: 0, obsolete: false, exclusive: true },
    ],
  };

  it.each([
    [[], 20, [20]],
    [[20], 21, [20, 21]],
    [[20, 21], 20, [21]],
    [[20, 21], 22, [22]],
    [[22], 20, [20]],
    [[22], 23, [23]],
    [[22], 22, []],
  ])('ticking in %j the response %i gives %j', (choice, id, expected) => {
    expect(toggledChoice(sub, choice, id)).toEqual(expected);
  });

  it('makes a single choice the response ticked', () => {
    expect(toggledChoice(single, [10], 11)).toEqual([11]);
  });
});
