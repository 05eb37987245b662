import { filterOptions, levenshtein, matchesSearch, rankByEditDistance, stripProvinceSuffix } from '../../../src/client/lib/search.js';

const option = (label: string) => ({ value: label, label });
const labels = (options: { label: string }[]) => options.map((o) => o.label);

describe('levenshtein', () => {
  it.each([
    ['', '', 0],
    ['', 'abc', 3],
    ['abc', '', 3],
    ['valencia', 'valencia', 0],
    ['kitten', 'sitting', 3],
    ['flaw', 'lawn', 2],
    ['valencia', 'valdepenas', 5],
  ])('from %p to %p is %p', (a, b, distance) => {
    expect(levenshtein(a, b)).toBe(distance);
    expect(levenshtein(b, a)).toBe(distance);
  });
});

describe('stripProvinceSuffix', () => {
  it('removes a trailing " - (Province)" only', () => {
    expect(stripProvinceSuffix('Alzira - (Valencia/València)')).toBe('Alzira');
    expect(stripProvinceSuffix('Vila-real - (Castellón/Castelló)')).toBe('Vila-real');
    expect(stripProvinceSuffix('Valencia de Don Juan - (León) ')).toBe('Valencia de Don Juan');
    expect(stripProvinceSuffix('Vila-real')).toBe('Vila-real');
    expect(stripProvinceSuffix('Ayuntamiento (Madrid) de Prueba')).toBe('Ayuntamiento (Madrid) de Prueba');
  });
});

describe('matchesSearch', () => {
  it('finds substrings ignoring accents, case and extra spaces', () => {
    expect(matchesSearch('Ávila', 'avila')).toBe(true);
    expect(matchesSearch('Ávila', 'AVILA')).toBe(true);
    expect(matchesSearch('avila', 'Ávila')).toBe(true);
    expect(matchesSearch('Alcalá de Henares', '  de   hena')).toBe(true);
    expect(matchesSearch('València', 'valencia')).toBe(true);
    expect(matchesSearch('Ávila', 'avilés')).toBe(false);
  });

  it('matches everything with an empty query', () => {
    expect(matchesSearch('Ávila', '')).toBe(true);
    expect(matchesSearch('Ávila', '   ')).toBe(true);
  });
});

describe('filterOptions', () => {
  const cities = ['Zamora', 'Ávila', 'avilés', 'Cádiz', 'Alicante', 'ávila del norte'].map(option);

  it('sorts alphabetically the Spanish way (accents and case ignored) with no query', () => {
    expect(labels(filterOptions(cities, ''))).toEqual(['Alicante', 'Ávila', 'ávila del norte', 'avilés', 'Cádiz', 'Zamora']);
  });

  it('keeps the matches only, alphabetically, and leaves the input untouched', () => {
    const before = labels(cities);
    expect(labels(filterOptions(cities, 'AVIL'))).toEqual(['Ávila', 'ávila del norte', 'avilés']);
    expect(labels(cities)).toEqual(before);
  });

  it('cuts to the limit', () => {
    const many = Array.from({ length: 15 }, (_, i) => option(`Villa ${String(i + 1).padStart(2, '0')}`));
    expect(filterOptions(many, 'villa', { limit: 10 })).toHaveLength(10);
    expect(labels(filterOptions(many, 'villa', { limit: 3 }))).toEqual(['Villa 01', 'Villa 02', 'Villa 03']);
  });

  it('orders entity matches by edit distance, ignoring the province suffix, ties alphabetically', () => {
    const entities = ['Sueca', 'Valencia de Don Juan - (León)', 'Albal', 'Valencia', 'Alzira'].map((name) =>
      option(name.includes(' - (') ? name : `${name} - (Valencia/València)`),
    );
    // Distances to "valencia": Valencia 0, Alzira 5, Sueca 5, Albal 6, Valencia de Don Juan 12.
    expect(labels(filterOptions(entities, 'valencia', { mode: 'editDistance' }))).toEqual([
      'Valencia - (Valencia/València)',
      'Alzira - (Valencia/València)',
      'Sueca - (Valencia/València)',
      'Albal - (Valencia/València)',
      'Valencia de Don Juan - (León)',
    ]);
    expect(labels(filterOptions(entities, 'valencia'))[0]).toBe('Albal - (Valencia/València)');
  });

  it('lists entities alphabetically when there is no query, even in edit-distance mode', () => {
    const entities = ['Valencia - (Valencia/València)', 'Alzira - (Valencia/València)'].map(option);
    expect(labels(filterOptions(entities, ' ', { mode: 'editDistance' }))).toEqual(['Alzira - (Valencia/València)', 'Valencia - (Valencia/València)']);
  });
});

describe('rankByEditDistance', () => {
  it('puts the closest name first whatever the province', () => {
    const entities = ['Valdepeñas - (Ciudad Real)', 'Vila-real - (Castellón/Castelló)', 'Valencia - (Valencia/València)'].map(option);
    expect(labels(rankByEditDistance(entities, 'valencia'))).toEqual([
      'Valencia - (Valencia/València)',
      'Valdepeñas - (Ciudad Real)',
      'Vila-real - (Castellón/Castelló)',
    ]);
    expect(labels(rankByEditDistance(entities, 'VILA REAL'))[0]).toBe('Vila-real - (Castellón/Castelló)');
  });
});
