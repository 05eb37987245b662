import { jest } from '@jest/globals';
import { useState, type ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { FilterDropdown, type FilterOption } from '../../../src/client/components/FilterDropdown.js';
import { renderWithProviders } from '../../helpers/client.js';

const provinces: FilterOption<string>[] = ['Zamora', 'Badajoz', 'Ávila', 'Cádiz', 'Álava', 'León', 'Burgos'].map((name) => ({ value: name, label: name }));

/** A parent that keeps the applied value, as a page would, and records what the dropdown reports. */
function Multiple({
  onChange,
  options = provinces,
  selectAll = false,
}: {
  onChange: (v: string[]) => void;
  options?: FilterOption<string>[];
  selectAll?: boolean;
}) {
  const [value, setValue] = useState<string[]>([]);
  const change = (next: string[]) => {
    onChange(next);
    setValue(next);
  };
  return <FilterDropdown id="province" label="Provincia" options={options} multiple searchable selectAll={selectAll} value={value} onChange={change} />;
}

function Single({ onChange, options, searchMode }: { onChange: (v: number) => void; options: FilterOption<number>[]; searchMode?: 'editDistance' }) {
  const [value, setValue] = useState<number | null>(null);
  const change = (next: number) => {
    onChange(next);
    setValue(next);
  };
  return <FilterDropdown id="entity" label="Entidad" options={options} searchable searchMode={searchMode} value={value} onChange={change} />;
}

const toggle = (label = 'Provincia') => screen.getByRole('button', { name: new RegExp(`^${label} `) });
const checkboxLabels = () =>
  within(screen.getByRole('group', { name: 'Provincia' }))
    .getAllByRole('checkbox')
    .map((c) => (c as HTMLInputElement).labels?.[0]?.textContent);

describe('filter dropdown', () => {
  it('is a labelled button showing "Todos" that opens on a searchable list with the search box focused', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Multiple onChange={jest.fn()} />);
    expect(toggle()).toHaveAccessibleName('Provincia Todos');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('searchbox', { name: 'Buscar...' })).toHaveFocus();
  });

  it('shows the first 5 of more than 5 options alphabetically, then all with "Mostrar más" and 5 again with "Mostrar menos"', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Multiple onChange={jest.fn()} />);
    await user.click(toggle());
    expect(checkboxLabels()).toEqual(['Álava', 'Ávila', 'Badajoz', 'Burgos', 'Cádiz']);
    await user.click(screen.getByRole('button', { name: 'Mostrar más' }));
    expect(checkboxLabels()).toEqual(['Álava', 'Ávila', 'Badajoz', 'Burgos', 'Cádiz', 'León', 'Zamora']);
    await user.click(screen.getByRole('button', { name: 'Mostrar menos' }));
    expect(checkboxLabels()).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Mostrar más' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('has no "Mostrar más" with 5 options or fewer', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Multiple onChange={jest.fn()} options={provinces.slice(0, 5)} />);
    await user.click(toggle());
    expect(checkboxLabels()).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Mostrar más' })).not.toBeInTheDocument();
  });

  it('finds options ignoring accents and case', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Multiple onChange={jest.fn()} />);
    await user.click(toggle());
    const search = screen.getByRole('searchbox', { name: 'Buscar...' });
    await user.type(search, 'avila');
    expect(checkboxLabels()).toEqual(['Ávila']);
    await user.clear(search);
    await user.type(search, 'AVILA');
    expect(checkboxLabels()).toEqual(['Ávila']);
    expect(screen.queryByRole('button', { name: 'Mostrar más' })).not.toBeInTheDocument();
    await user.type(search, 'x');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByText('Sin resultados')).toBeVisible();
  });

  it('shows at most 10 of 15 matches', async () => {
    const user = userEvent.setup();
    const villages = Array.from({ length: 15 }, (_, i) => ({ value: `v${i}`, label: `Villanueva ${String(i + 1).padStart(2, '0')}` }));
    renderWithProviders(<Multiple onChange={jest.fn()} options={[...villages, { value: 'z', label: 'Zamora' }]} />);
    await user.click(toggle());
    await user.type(screen.getByRole('searchbox'), 'villanueva');
    expect(checkboxLabels()).toEqual(villages.slice(0, 10).map((v) => v.label));
  });

  const entities = [
    'Valdepeñas - (Ciudad Real)',
    'Vila-real - (Castellón/Castelló)',
    'Valencia de Don Juan - (León)',
    'Alzira - (Valencia/València)',
    'Valencia - (Valencia/València)',
  ].map((label, value) => ({ value, label }));
  const entityButtons = () =>
    within(screen.getByRole('group', { name: 'Entidad' }))
      .getAllByRole('button')
      .map((b) => b.textContent);

  it('orders entity matches by edit distance, ignoring the province suffix', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Single onChange={jest.fn()} options={entities} searchMode="editDistance" />);
    await user.click(toggle('Entidad'));
    await user.type(screen.getByRole('searchbox'), 'valencia');
    expect(entityButtons()).toEqual(['Valencia - (Valencia/València)', 'Alzira - (Valencia/València)', 'Valencia de Don Juan - (León)']);
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'VILA-REAL');
    expect(entityButtons()).toEqual(['Vila-real - (Castellón/Castelló)']);
  });

  it('orders matches alphabetically without edit distance', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Single onChange={jest.fn()} options={entities} />);
    await user.click(toggle('Entidad'));
    await user.type(screen.getByRole('searchbox'), 'valencia');
    expect(entityButtons()).toEqual(['Alzira - (Valencia/València)', 'Valencia - (Valencia/València)', 'Valencia de Don Juan - (León)']);
  });

  it('applies a single choice on click and closes', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderWithProviders(<Single onChange={onChange} options={entities} />);
    await user.click(toggle('Entidad'));
    await user.click(screen.getByRole('button', { name: 'Alzira - (Valencia/València)' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(3);
    expect(screen.queryByRole('group', { name: 'Entidad' })).not.toBeInTheDocument();
    expect(toggle('Entidad')).toHaveAccessibleName('Entidad Alzira - (Valencia/València)');
    await user.click(toggle('Entidad'));
    expect(screen.getByRole('button', { name: 'Alzira - (Valencia/València)', current: true })).toBeVisible();
  });

  it('keeps a multiple selection as a draft and applies it once on "Aplicar"', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderWithProviders(<Multiple onChange={onChange} />);
    await user.click(toggle());
    await user.click(screen.getByLabelText('Burgos'));
    await user.click(screen.getByLabelText('Ávila'));
    expect(screen.getByLabelText('Ávila')).toBeChecked();
    expect(onChange).not.toHaveBeenCalled();
    expect(toggle()).toHaveAccessibleName('Provincia Todos');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(['Burgos', 'Ávila']);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(toggle()).toHaveAccessibleName('Provincia 2 seleccionados');
    expect(toggle()).toHaveFocus();
  });

  it('applies the draft once when it closes by Escape or an outside click, and not when nothing changed', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderWithProviders(<Multiple onChange={onChange} />);
    await user.click(toggle());
    await user.click(screen.getByLabelText('Cádiz'));
    await user.keyboard('{Escape}');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith(['Cádiz']);
    expect(toggle()).toHaveAccessibleName('Provincia 1 seleccionado');
    await user.click(toggle());
    expect(screen.getByLabelText('Cádiz')).toBeChecked();
    await user.click(screen.getByLabelText('Cádiz'));
    await user.click(document.body);
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenLastCalledWith([]);
    await user.click(toggle());
    await user.keyboard('{Escape}');
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('selects and clears all with "Seleccionar todo"', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderWithProviders(<Multiple onChange={onChange} selectAll />);
    await user.click(toggle());
    await user.click(screen.getByLabelText('Seleccionar todo'));
    expect(
      within(screen.getByRole('group', { name: 'Provincia' }))
        .getAllByRole('checkbox')
        .every((c) => (c as HTMLInputElement).checked),
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(onChange).toHaveBeenCalledWith(provinces.map((p) => p.value));
    expect(toggle()).toHaveAccessibleName('Provincia Todos');
    await user.click(toggle());
    expect(screen.getByLabelText('Seleccionar todo')).toBeChecked();
    await user.click(screen.getByLabelText('Seleccionar todo'));
    expect(screen.getByLabelText('Álava')).not.toBeChecked();
    await user.keyboard('{Escape}');
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('works from the keyboard: Enter opens, Tab reaches the options, Space ticks, Escape applies', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderWithProviders(<Multiple onChange={onChange} />);
    await user.tab();
    expect(toggle()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('searchbox')).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Álava')).toHaveFocus();
    await user.keyboard(' ');
    await user.tab();
    expect(screen.getByLabelText('Ávila')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onChange).toHaveBeenCalledWith(['Álava']);
    expect(toggle()).toHaveFocus();
  });

  // In the app the dropdown sits in <main tabIndex={-1}>: a press on what is not focusable would move the focus there.
  const inMain = (ui: ReactElement) => renderWithProviders(<main tabIndex={-1}>{ui}</main>);
  const optionText = (name: string) => within(screen.getByRole('group', { name: 'Provincia' })).getByText(name);

  it('ticks an option from a click on its text, keeping the menu open, and applies it', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    inMain(<Multiple onChange={onChange} />);
    await user.click(toggle());
    await user.click(optionText('Burgos'));
    expect(screen.getByLabelText('Burgos')).toBeChecked();
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(onChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(onChange).toHaveBeenCalledWith(['Burgos']);
    expect(toggle()).toHaveAccessibleName('Provincia 1 seleccionado');
  });

  it('ticks an option from a click on its box, keeping the menu open', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    inMain(<Multiple onChange={onChange} />);
    await user.click(toggle());
    await user.click(screen.getByRole('checkbox', { name: 'Cádiz' }));
    expect(screen.getByRole('checkbox', { name: 'Cádiz' })).toBeChecked();
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(onChange).toHaveBeenCalledWith(['Cádiz']);
  });

  it('applies two options clicked by their text one after the other, and unticks one clicked again', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    inMain(<Multiple onChange={onChange} />);
    await user.click(toggle());
    await user.click(optionText('Cádiz'));
    await user.click(optionText('Álava'));
    await user.click(optionText('Ávila'));
    await user.click(optionText('Ávila'));
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(['Cádiz', 'Álava']);
    expect(toggle()).toHaveAccessibleName('Provincia 2 seleccionados');
  });

  it('moves between the options with the arrows and ticks with Enter or Space', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    inMain(<Multiple onChange={onChange} />);
    await user.click(toggle());
    expect(screen.getByRole('searchbox')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByLabelText('Álava')).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByLabelText('Badajoz')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Badajoz')).toBeChecked();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByLabelText('Ávila')).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByLabelText('Ávila')).toBeChecked();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('searchbox')).toHaveFocus();
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(onChange).toHaveBeenCalledWith(['Badajoz', 'Ávila']);
  });

  it('cannot be opened when disabled', () => {
    renderWithProviders(<FilterDropdown id="d" label="Provincia" options={provinces} value={null} onChange={jest.fn()} disabled placeholder="Elige" />);
    expect(toggle()).toBeDisabled();
    expect(toggle()).toHaveAccessibleName('Provincia Elige');
  });
});
