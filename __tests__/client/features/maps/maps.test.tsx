import { jest } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithProviders } from '../../../helpers/client.js';
import { StatusMap } from '../../../../src/client/features/maps/StatusMap.js';
import { ResultMaps } from '../../../../src/client/features/maps/ResultMaps.js';
import { mapsActions } from '../../../../src/client/features/maps/mapsSlice.js';
import { resultsActions } from '../../../../src/client/features/results/resultsSlice.js';
import { reportFiltersActions } from '../../../../src/client/features/reportFilters/reportFiltersSlice.js';
import { initialTableView } from '../../../../src/client/lib/tableView.js';
import type { MunicipalityBoundaries, Participation, ResultMap } from '../../../../src/shared/api/maps.js';

const participation: Participation = {
  edition: 2026,
  provinces: [
    { provinceId: '46', name: 'Valencia/València', communityId: '10', communityName: 'Comunitat Valenciana', registered: 4, sent: 2, draft: 1 },
    { provinceId: '03', name: 'Alicante/Alacant', communityId: '10', communityName: 'Comunitat Valenciana', registered: 1, sent: 1, draft: 0 },
    { provinceId: '51', name: 'Ceuta', communityId: '18', communityName: 'Ceuta', registered: 0, sent: 0, draft: 0 },
  ],
};

/** The visually hidden data table of a map, as rows of cell texts (the row heading first). */
const tableRows = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe("the status page's map", () => {
  it('has a data table and a summary of the participation per province, and per community on the switch', async () => {
    const onChange = jest.fn();
    const { store } = renderWithProviders(<StatusMap view={initialTableView} onChange={onChange} />);
    act(() => void store.dispatch(mapsActions.participationLoaded(participation)));
    const table = screen.getByTestId('status-map-table');
    expect(within(table).getByText('Participación por territorio', { selector: 'caption' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Territorio', 'Entidades registradas', 'Enviadas', 'En borrador', 'Participación']);
    expect(tableRows('status-map-table')).toEqual([
      ['Alicante/Alacant', '1', '1', '0', '100,0%'],
      ['Ceuta', '0', '0', '0', '—'],
      ['Valencia/València', '4', '2', '1', '50,0%'],
    ]);
    expect(screen.getByText('Participación en la edición 2026: 3 campañas enviadas de 5 entidades registradas (60,0%).')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Comunidades' }));
    expect(tableRows('status-map-table')).toEqual([
      ['Ceuta', '0', '0', '0', '—'],
      ['Comunitat Valenciana', '5', '3', '1', '60,0%'],
    ]);
  });

  it('names the province the table is filtered by, with a button that clears it', async () => {
    const onChange = jest.fn();
    const { store } = renderWithProviders(<StatusMap view={{ ...initialTableView, provinces: ['46'] }} onChange={onChange} />);
    act(() => void store.dispatch(mapsActions.participationLoaded(participation)));
    await userEvent.click(screen.getByRole('button', { name: /Tabla filtrada por la provincia: Valencia\/València/ }));
    expect(onChange).toHaveBeenCalledWith({ provinces: [] });
  });

  it('says so when the participation cannot be loaded', () => {
    const { store } = renderWithProviders(<StatusMap view={initialTableView} onChange={jest.fn()} />);
    act(() => void store.dispatch(mapsActions.participationFailed({ type: 'INTERNAL', status: 500, message: 'x', data: undefined, requestId: null } as never)));
    expect(screen.getByText('No se pudo cargar el mapa.')).toBeInTheDocument();
  });
});

describe("the results page's maps", () => {
  const map: ResultMap = {
    year: 2026,
    minGroupSize: 3,
    provinceId: '46',
    municipalityIds: ['46235'],
    provinces: [
      { provinceId: '46', name: 'Valencia/València', participants: 4, registered: 8, mean: 0.625, meanComparedToAll: 0.3125, withheld: false },
      { provinceId: '03', name: 'Alicante/Alacant', participants: 2, registered: 3, mean: null, meanComparedToAll: null, withheld: true },
      { provinceId: '52', name: 'Melilla', participants: 0, registered: 1, mean: null, meanComparedToAll: null, withheld: false },
    ],
  };
  const square = (x: number) => ({
    type: 'Polygon' as const,
    coordinates: [
      [
        [x, 39],
        [x + 0.1, 39],
        [x + 0.1, 39.1],
        [x, 39],
      ],
    ],
  });
  const boundaries: MunicipalityBoundaries = {
    type: 'FeatureCollection',
    provinceId: '46',
    features: [
      { type: 'Feature', id: '46235', properties: { id: '46235', name: 'Sueca' }, geometry: square(-0.3) },
      { type: 'Feature', id: '46105', properties: { id: '46105', name: 'Cullera' }, geometry: square(-0.2) },
    ],
  };

  it("tables the mean per province in the active mode (withheld ones say so) and the entity's municipalities", () => {
    const { store } = renderWithProviders(<ResultMaps />);
    act(() => {
      store.dispatch(resultsActions.campaignOpened(5));
      store.dispatch(mapsActions.resultMapLoaded(map));
      store.dispatch(mapsActions.boundariesLoaded(boundaries));
    });
    expect(screen.getByRole('heading', { name: 'Puntuación global media por provincia (2026)' })).toBeInTheDocument();
    expect(tableRows('result-map-table')).toEqual([
      ['Alicante/Alacant', 'Oculta: menos de 3 participantes', '2'],
      ['Melilla', 'Sin datos', '0'],
      ['Valencia/València', '62,5%', '4'],
    ]);
    expect(screen.getByText('Puntuación global media por provincia en 2026; Valencia/València, la provincia de la entidad: 62,5%.')).toBeInTheDocument();
    expect(tableRows('entity-map-table')).toEqual([['Sueca', 'Sí']]);
    expect(screen.getByText('1 municipio de la entidad en Valencia/València: Sueca.')).toBeInTheDocument();

    // Compared with every registered entity: the other mean.
    act(() => void store.dispatch(reportFiltersActions.compareWithParticipantsToggled()));
    expect(tableRows('result-map-table')[2]).toEqual(['Valencia/València', '31,3%', '4']);
  });
});
