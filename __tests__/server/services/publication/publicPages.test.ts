import { html, escapeHtml } from '../../../../src/server/services/publication/html.js';
import {
  filteredRanking,
  pageOf,
  parsePageQuery,
  RANKING_PAGE_SIZE,
  type RankingFilters,
} from '../../../../src/server/services/publication/publicPageQuery.js';
import { editionPage, editionsPage, embedPage, entityPage, problemPage, sealPage } from '../../../../src/server/services/publication/publicPages.js';
import { spainMapShapes } from '../../../../src/server/services/publication/spainMap.js';
import type { PublicEdition, PublicEntity, PublicRankingRow } from '../../../../src/shared/api/publication.js';

const site = { language: 'es' as const, publicUrl: 'https://indice.example.es' };
const noFilters: RankingFilters = { q: '', communityId: null, provinceId: null, minPopulation: null };
const HOSTILE = 'Mancomunidad <script>alert(1)</script> & "Vall" d\'Albaida';

const territory = (id: string, name: string, participants: number, mean: number | null) => ({
  id,
  name,
  participants,
  registered: participants + 1,
  mean,
  meanComparedToAll: mean === null ? null : mean / 2,
  withheld: mean === null,
});

function row(entityId: number, entity: string, provinceId: string, percentage: number, minPopulation = 1): PublicRankingRow {
  const community =
    provinceId === '08' || provinceId === '17' ? { communityId: '09', community: 'Cataluña' } : { communityId: '10', community: 'Comunitat Valenciana' };
  return {
    entityId,
    entity,
    provinceId,
    province: provinceId === '08' ? 'Barcelona' : provinceId === '17' ? 'Girona' : 'Valencia/València',
    ...community,
    sizeBand: { minPopulation, maxPopulation: minPopulation === 1 ? 5000 : null },
    percentage,
    position: entityId,
  };
}

const edition: PublicEdition = {
  year: 2025,
  finalPublishedAt: '2026-02-01T10:00:00.000Z',
  minGroupSize: 3,
  meansFrom: 'sent',
  country: territory('ES', 'España', 40, 0.672),
  communities: [territory('09', 'Cataluña', 12, 0.7), territory('10', 'Comunitat Valenciana', 2, null)],
  provinces: [
    { ...territory('08', 'Barcelona', 9, 0.71), communityId: '09' },
    { ...territory('46', 'Valencia/València', 2, null), communityId: '10' },
  ],
  axes: [{ id: 1, code: 'E1', name: 'Gobernanza', participants: 40, mean: 0.66, withheld: false }],
  ranking: [row(1, 'Ayuntamiento de Ávila', '08', 0.9), row(2, HOSTILE, '17', 0.8, 5001), row(3, 'Mancomunitat de la Ribera', '46', 0.7)],
};

describe('the public pages', () => {
  it('escape every value put in markup, and keep fragments as they are', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(html`<p title="${'"x"'}">${[html`<b>${'<i>'}</b>`, 3, null, false]}</p>`.markup).toBe('<p title="&quot;x&quot;"><b>&lt;i&gt;</b>3</p>');
  });

  it('read the query strictly: a known name with an unknown value is refused, an unknown name ignored', () => {
    expect(parsePageQuery({})).toEqual({ language: 'es', filters: noFilters, page: 1, view: 'mapa' });
    expect(parsePageQuery({ lang: 'va', q: ' Ribera ', comunidad: '10', provincia: '46', tamano: '5001', pagina: '2', vista: 'ranking', fbclid: 'x' })).toEqual(
      {
        language: 'va',
        filters: { q: 'Ribera', communityId: '10', provinceId: '46', minPopulation: 5001 },
        page: 2,
        view: 'ranking',
      },
    );
    // An empty field of the form is no filter.
    expect(parsePageQuery({ comunidad: '', q: '' })?.filters).toEqual(noFilters);
    for (const bad of [
      { lang: 'fr' },
      { lang: ['es', 'en'] },
      { comunidad: '9' },
      { provincia: '08 ' },
      { tamano: '1e3' },
      { pagina: '0' },
      { vista: 'tabla' },
      { q: 'x'.repeat(101) },
      { q: 'a\u0000b' },
    ]) {
      expect([bad, parsePageQuery(bad)]).toEqual([bad, null]);
    }
  });

  it('filter the ranking by words of the name (case and accents aside), territory and size band, and page it', () => {
    const names = (filters: Partial<RankingFilters>) => filteredRanking(edition.ranking, { ...noFilters, ...filters }).map((r) => r.entityId);
    expect(names({ q: 'avila AYUNTAMIENTO' })).toEqual([1]);
    expect(names({ q: 'ribera mancomunitat' })).toEqual([3]);
    expect(names({ communityId: '09' })).toEqual([1, 2]);
    expect(names({ communityId: '09', provinceId: '46' })).toEqual([]);
    expect(names({ minPopulation: 5001 })).toEqual([2]);
    const many = Array.from({ length: RANKING_PAGE_SIZE * 2 + 1 }, (_, i) => i);
    expect(pageOf(many, 3)).toEqual({ rows: [RANKING_PAGE_SIZE * 2], page: 3, pages: 3 });
    expect(pageOf(many, 99).page).toBe(3);
    expect(pageOf([], 1)).toEqual({ rows: [], page: 1, pages: 1 });
  });

  it("write an edition's title, description, canonical address and figures in the document, names escaped, withheld means as a dash", () => {
    const page = editionPage(site, edition, noFilters, 1).html;
    expect(page).toContain('<title>Resultados de la edición 2025 · Campañas de indicadores</title>');
    expect(page).toContain('<meta name="description" content="Edición 2025: participaron 40 de 41 entidades y la media de España es 67,2%.">');
    expect(page).toContain('<link rel="canonical" href="https://indice.example.es/publico/2025">');
    expect(page).toContain('<meta property="og:url" content="https://indice.example.es/publico/2025">');
    expect(page).toContain('<link rel="alternate" hreflang="en" href="https://indice.example.es/publico/2025?lang=en">');
    expect(page).toContain('<html lang="es">');
    expect(page).not.toContain('<script');
    // The style sheet as written (a constant): quotes in it are not entities.
    expect(page).toContain('"Segoe UI"');
    expect(page).toContain('Mancomunidad &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Vall&quot; d&#39;Albaida');
    // The withheld community: a dash in its row, grey on the map.
    expect(page).toMatch(/<th scope="row">Comunitat Valenciana<\/th><td class="num">2 \/ 3<\/td><td class="num">—<\/td>/);
    expect(page).toContain('<title>Comunitat Valenciana: Sin media publicable</title>');
    expect(page).toContain('<title>Cataluña: 70,0%</title>');
    expect(page).toContain('3 entidades');
    // The provinces' figures in a table too, for whoever cannot see or point at the map.
    expect(page).toContain('<summary>Participación y medias por provincia</summary>');
    expect(page).toMatch(/<th scope="row">Barcelona<\/th><td class="wide">Cataluña<\/td><td class="num">9 \/ 10<\/td><td class="num">71,0%<\/td>/);
    expect(page).toContain('«—»: media no publicada porque el grupo tiene menos de 3 participantes.');
    // Without a minimum (1), a dash is a group without participants: no note about withholding.
    expect(editionPage(site, { ...edition, minGroupSize: 1 }, noFilters, 1).html).not.toContain('media no publicada');
    expect(page).toContain('href="/api/v1/public/opendata?year=2025&amp;format=csv"');
  });

  it('keep the filters in the form, the page links and the canonical address, and say when nothing matches', () => {
    const filtered = editionPage(site, edition, { ...noFilters, q: 'zzz', communityId: '09' }, 1).html;
    expect(filtered).toContain('Ninguna entidad coincide con los filtros.');
    expect(filtered).toContain('<option value="09" selected>Cataluña</option>');
    expect(filtered).toContain('value="zzz"');
    expect(filtered).toContain('href="https://indice.example.es/publico/2025?q=zzz&amp;comunidad=09"');
    expect(filtered).toContain('>Quitar filtros</a>');
    const none = editionPage(site, { ...edition, ranking: [] }, noFilters, 1).html;
    expect(none).toContain('Ninguna entidad publica sus resultados en esta edición.');
    expect(none).not.toContain('<form');
  });

  it('write every language of the app, each linking to the others', () => {
    for (const [language, title, lang] of [
      ['en', 'Results of the 2025 edition', 'en'],
      ['ca', "Resultats de l'edició 2025", 'ca'],
      ['va', "Resultats de l'edició 2025", 'ca'],
    ] as const) {
      const page = editionPage({ ...site, language }, edition, noFilters, 1).html;
      expect(page).toContain(`<title>${escapeHtml(title)} · `);
      expect(page).toContain(`<html lang="${lang}">`);
      expect(page).toContain(`href="https://indice.example.es/publico/2025?lang=${language}"`);
      expect(page).toContain('<a href="/publico/2025" lang="es" hreflang="es">Español</a>');
      // The form keeps the language.
      expect(page).toContain(`<input type="hidden" name="lang" value="${language}">`);
    }
  });

  it("write an entity's profile with its seal, a seal's verification, the editions and the problems", () => {
    const means = { participants: 4, mean: 0.6, withheld: false };
    const withheld = { participants: 1, mean: null, withheld: true };
    const profile: PublicEntity = {
      year: 2025,
      finalPublishedAt: edition.finalPublishedAt,
      minGroupSize: 3,
      entity: {
        id: 2,
        name: HOSTILE,
        provinceId: '17',
        province: 'Girona',
        communityId: '09',
        community: 'Cataluña',
        sizeBand: { minPopulation: 5001, maxPopulation: 20000 },
      },
      percentage: 0.8,
      position: 2,
      participants: 40,
      means: { province: withheld, autonomousCommunity: means, country: means, sizeBand: means },
      axes: [
        { id: 1, code: 'E1', name: 'Gobernanza', percentage: 0.75, means: { province: withheld, autonomousCommunity: means, country: means, sizeBand: means } },
      ],
      trend: [
        { year: 2024, percentage: 0.7 },
        { year: 2025, percentage: 0.8 },
      ],
      seal: { code: 'a'.repeat(32) },
    };
    const page = entityPage(site, profile).html;
    expect(page).toContain(
      'Mancomunidad &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Vall&quot; d&#39;Albaida (Girona, Cataluña) obtuvo un 80,0% en la edición 2025.',
    );
    expect(page).toContain('2 de 40');
    expect(page).toContain('<h2 id="seal">Sello 2025</h2>');
    expect(page).toContain(`href="/sello/${'a'.repeat(32)}"`);
    expect(page).toContain('Entidades de 5.001 a 20.000 habitantes');
    expect(entityPage(site, { ...profile, seal: null }).html).not.toContain('Sello 2025');

    const granted = {
      code: 'b'.repeat(32),
      entity: { id: 2, name: 'Ayuntamiento de Ávila', publishes: true },
      year: 2025,
      percentage: 0.873,
      minPercentage: 0.85,
      maxPopulation: 10000,
      grantedAt: '2026-02-01T10:00:00.000Z',
    };
    const seal = sealPage(site, granted).html;
    expect(seal).toContain('Sello auténtico: Ayuntamiento de Ávila obtuvo un 87,3% en la edición 2025; el umbral de su tramo era del 85,0%.');
    expect(seal).toContain('Concedido el 1 de febrero de 2026.');
    expect(seal).toContain('<a href="/publico/2025/entidad/2">Ayuntamiento de Ávila</a>');
    // An entity that does not publish its figures has no public profile to link to.
    const unpublished = sealPage(site, { ...granted, entity: { ...granted.entity, publishes: false } }).html;
    expect(unpublished).toContain('Ayuntamiento de Ávila');
    expect(unpublished).not.toContain('/publico/2025/entidad/2');

    const list = editionsPage(site, { editions: [{ year: 2025, finalPublishedAt: edition.finalPublishedAt, participants: 40, registered: 41 }] }).html;
    expect(list).toContain('<a href="/publico/2025">Edición 2025</a>');
    expect(list).toContain('Participaron 40 de 41 entidades.');
    expect(editionsPage(site, { editions: [] }).html).toContain('Todavía no hay ninguna edición con resultados definitivos.');

    const missing = problemPage({ ...site, language: 'en' }, '/publico/1990', 'notFound');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('<meta name="robots" content="noindex">');
    expect(missing.html).toContain('Page not found');
    expect(problemPage(site, '/publico/2025', 'badRequest').status).toBe(400);
  });

  it('embed the map or the first ten of the ranking, without navigation, its links opening outside the frame', () => {
    const map = embedPage(site, edition, 'mapa', noFilters).html;
    expect(map).toContain('<body class="embedded">');
    expect(map).not.toContain('Acceso para entidades');
    expect(map).toContain('Media por comunidad autónoma');
    expect(map).toContain('target="_blank" rel="noopener"');
    const ranking = embedPage(
      site,
      { ...edition, ranking: Array.from({ length: 12 }, (_, i) => row(i + 1, `Entidad ${i + 1}`, '08', 0.9 - i / 100)) },
      'ranking',
      noFilters,
    ).html;
    expect(ranking.match(/<tr><td class="num">/g)).toHaveLength(10);
  });

  it("draw Spain's 52 provinces and 19 communities inside the map's box, each with a shape", () => {
    const shapes = spainMapShapes();
    expect([shapes.provinces.length, shapes.communities.length]).toEqual([52, 19]);
    const numbers = [...shapes.provinces, ...shapes.communities].flatMap((s) => {
      expect([s.id, s.d]).toEqual([s.id, expect.stringMatching(/^M-?\d/)]);
      return s.d.match(/-?\d+/g)!.map(Number);
    });
    expect(Math.min(...numbers)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...numbers)).toBeLessThanOrEqual(Math.max(shapes.width, shapes.height));
    expect(shapes.provinces.map((p) => p.id)).toEqual(expect.arrayContaining(['01', '08', '35', '38', '51', '52']));
  });
});
