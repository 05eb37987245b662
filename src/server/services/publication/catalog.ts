/**
 * The open data catalogue a data portal harvests (DCAT-AP 2, as JSON-LD, pure): one dataset per final edition, each
 * with its CSV and JSON distributions under CC BY 4.0, every URL absolute from PUBLIC_URL (docs/api.md, "Open data").
 */
import { OPEN_DATA_LICENCE, attributionOf } from './openData.js';

/** What a dataset is made from: a final edition. */
export interface CatalogEdition {
  year: number;
  finalPublishedAt: string;
}

const EU_LANGUAGE_SPANISH = 'http://publications.europa.eu/resource/authority/language/SPA';
const EU_FILE_TYPE = 'http://publications.europa.eu/resource/authority/file-type/';
const IANA_MEDIA_TYPE = 'https://www.iana.org/assignments/media-types/';

const CONTEXT = {
  dcat: 'http://www.w3.org/ns/dcat#',
  dct: 'http://purl.org/dc/terms/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
} as const;

const es = (text: string) => ({ '@language': 'es', '@value': text });
const ref = (url: string) => ({ '@id': url });

/** The catalogue as a JSON-LD document (a plain object, to be sent as application/ld+json). */
export function dcatCatalog(publicUrl: string, editions: readonly CatalogEdition[]): Record<string, unknown> {
  const base = publicUrl.replace(/\/+$/, '');
  const publisher = { '@type': 'foaf:Agent', 'foaf:name': attributionOf(base) };
  const distribution = (year: number, format: 'csv' | 'json') => {
    const url = `${base}/api/v1/public/opendata?year=${year}&format=${format}`;
    return {
      '@id': url,
      '@type': 'dcat:Distribution',
      'dct:title': es(`Índice ${year} (${format.toUpperCase()})`),
      'dcat:accessURL': ref(url),
      'dcat:downloadURL': ref(url),
      'dcat:mediaType': ref(`${IANA_MEDIA_TYPE}${format === 'csv' ? 'text/csv' : 'application/json'}`),
      'dct:format': ref(`${EU_FILE_TYPE}${format.toUpperCase()}`),
      'dct:license': ref(OPEN_DATA_LICENCE.url),
    };
  };
  return {
    '@context': CONTEXT,
    '@id': `${base}/api/v1/public/catalog`,
    '@type': 'dcat:Catalog',
    'dct:title': es('Campañas de indicadores: datos abiertos'),
    'dct:description': es(
      'Resultados definitivos de cada edición: la participación y las medias por comunidad autónoma, provincia y tamaño de población, y las puntuaciones de las entidades que publican las suyas.',
    ),
    'dct:publisher': publisher,
    'dct:language': ref(EU_LANGUAGE_SPANISH),
    'dct:license': ref(OPEN_DATA_LICENCE.url),
    'foaf:homepage': ref(`${base}/publico`),
    'dcat:dataset': editions.map(({ year, finalPublishedAt }) => ({
      '@id': `${base}/publico/${year}`,
      '@type': 'dcat:Dataset',
      'dct:identifier': `indice-${year}`,
      'dct:title': es(`Índice ${year}: resultados definitivos`),
      'dct:description': es(
        `Resultados definitivos de la edición ${year}: medias por territorio con su número de participantes (retenidas por debajo del tamaño mínimo de grupo) y las puntuaciones de las entidades que publican las suyas, en total, por eje y por política.`,
      ),
      'dct:issued': { '@value': finalPublishedAt, '@type': 'xsd:dateTime' },
      'dct:publisher': publisher,
      'dct:language': ref(EU_LANGUAGE_SPANISH),
      'dcat:keyword': [es('indicadores'), es('municipios'), es(String(year))],
      'dcat:landingPage': ref(`${base}/publico/${year}`),
      'dcat:distribution': [distribution(year, 'csv'), distribution(year, 'json')],
    })),
  };
}
