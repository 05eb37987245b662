/**
 * The public pages (docs/api.md, "Publication"), written on the server as whole documents: the published editions,
 * an edition's figures (map, axes, ranking), an entity's profile, a seal's verification and the embeddable map or
 * ranking. Pure: each takes the public answers of publication.ts and the page's address and language, and returns
 * the HTML, with its real title, description, Open Graph tags, canonical URL and every figure in the markup, so
 * that the page reads without JavaScript (it has none), prints, and is what a search engine or a link preview sees.
 * (Prettier leaves the markup of `html` templates as written: embeddedLanguageFormatting is off.)
 */
import type { PublicReceipt } from '../../../shared/api/receipts.js';
import { verificationPath } from '../../../shared/team.js';
import { LANGUAGES, type Language } from '../../../shared/constants.js';
import { HTML_LANGS, INTL_LOCALES } from '../../../shared/intl.js';
import { DASH, formatPercent, sizeBandName, type Translate } from '../../../shared/format.js';
import type { SizeBand } from '../../../shared/api/results.js';
import type { PublicEdition, PublicEditions, PublicEntity, PublicMean, PublicSeal, PublicTerritory } from '../../../shared/api/publication.js';
import { intlOf } from '../../i18n.js';
import { html, Html, type HtmlValue } from './html.js';
import { spainMapShapes, type MapShape } from './spainMap.js';
import { filteredRanking, isFiltered, pageOf, QUERY_NAMES, SEARCH_MAX_LENGTH, type EmbedView, type RankingFilters } from './publicPageQuery.js';
import { PUBLIC_PAGE_STYLE } from './publicPageStyle.js';

/** The public pages' paths. */
export const PUBLIC_PATHS = {
  editions: '/publico',
  edition: (year: number) => `/publico/${year}`,
  entity: (year: number, id: number) => `/publico/${year}/entidad/${id}`,
  embed: (year: number) => `/publico/${year}/embed`,
  seal: (code: string) => `/sello/${code}`,
  receipt: (code: string) => verificationPath(code),
  sealBadge: (code: string) => `/api/v1/public/sealBadge?code=${code}`,
  openData: (year: number, format: 'csv' | 'json') => `/api/v1/public/opendata?year=${year}&format=${format}`,
  catalog: '/api/v1/public/catalog',
  signIn: '/auth/login',
  /** The app's legal pages, linked from every page's foot with the page's language (`lang`, Spanish too: the app would keep the visitor's last choice). */
  accessibility: '/accesibilidad',
  privacy: '/privacidad',
} as const;

/** Where and in which language a page is written. */
export interface PageSite {
  language: Language;
  /** PUBLIC_URL: the canonical and Open Graph addresses are absolute. */
  publicUrl: string;
}

/** A page: its HTTP status and its document. */
export interface RenderedPage {
  status: number;
  html: string;
}

/** A language's words and formats for the pages. */
function wordsOf(language: Language) {
  const intl = intlOf(language);
  const t: Translate = (id, values) => intl.formatMessage({ id }, values);
  return {
    t,
    percent: (fraction: number | null | undefined) => formatPercent(intl, fraction),
    number: (n: number) => intl.formatNumber(n),
    date: (iso: string) => intl.formatDate(iso, { dateStyle: 'long', timeZone: 'Europe/Madrid' }),
    moment: (iso: string) => intl.formatDate(iso, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Madrid' }),
    band: (band: SizeBand) => sizeBandName(t, band),
  };
}
type Words = ReturnType<typeof wordsOf>;

/** A path with the page's language (Spanish, the default, is not written) and any other query values set. */
function linkTo(path: string, language: Language, query: Readonly<Record<string, string | number | null>> = {}): string {
  const params = new URLSearchParams();
  if (language !== 'es') params.set(QUERY_NAMES.language, language);
  for (const [name, value] of Object.entries(query)) if (value !== null && value !== '') params.set(name, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

const absolute = (publicUrl: string, link: string) => `${publicUrl.replace(/\/$/, '')}${link}`;

interface DocumentParts {
  site: PageSite;
  title: string;
  description: string;
  /** The page's path, and the query that belongs to its address (not the language). */
  path: string;
  query?: Readonly<Record<string, string | number | null>>;
  body: Html;
  /** An embedded page: no navigation, no index by search engines, links open outside the frame. */
  embedded?: boolean;
  status?: number;
  image?: string;
  /** Not for search engines (a filtered view: the canonical address names its filters). */
  noindex?: boolean;
}

/** The whole document around a page's body. */
function documentOf({ site, title, description, path, query = {}, body, embedded = false, status = 200, image, noindex = false }: DocumentParts): RenderedPage {
  const { t } = wordsOf(site.language);
  const appTitle = t('APP.TITLE');
  const canonical = absolute(site.publicUrl, linkTo(path, site.language, query));
  const alternates = LANGUAGES.map(
    (language) =>
      html`<link rel="alternate" hreflang="${language === 'va' ? 'ca-ES-valencia' : HTML_LANGS[language]}" href="${absolute(site.publicUrl, linkTo(path, language, query))}">`,
  );
  const languages = LANGUAGES.map((language) =>
    language === site.language
      ? html`<li><span aria-current="true" lang="${HTML_LANGS[language]}">${t(`LANGUAGES.${language}`)}</span></li>`
      : html`<li><a href="${linkTo(path, language, query)}" lang="${HTML_LANGS[language]}" hreflang="${HTML_LANGS[language]}">${intlOf(language).formatMessage({ id: `LANGUAGES.${language}` })}</a></li>`,
  );
  const header = embedded
    ? null
    : html`<a class="skip" href="#main">${t('APP.SKIP_TO_CONTENT')}</a>
<header class="top"><nav aria-label="${t('PUBLIC.NAV.LABEL')}"><a class="brand" href="${linkTo(PUBLIC_PATHS.editions, site.language)}">${t('PUBLIC.NAV.HOME')}</a>
<ul class="languages" aria-label="${t('PUBLIC.NAV.LANGUAGE')}">${languages}</ul>
<a class="signin" href="${PUBLIC_PATHS.signIn}">${t('PUBLIC.NAV.SIGN_IN')}</a></nav></header>`;
  const document = html`<!doctype html>
<html lang="${HTML_LANGS[site.language]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · ${appTitle}</title>
<meta name="description" content="${description}">
${embedded || noindex || status !== 200 ? html`<meta name="robots" content="noindex">` : null}
<link rel="canonical" href="${canonical}">
${status === 200 ? alternates : null}
<meta property="og:type" content="website">
<meta property="og:site_name" content="${appTitle}">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${description}">
<meta property="og:url" content="${canonical}">
<meta property="og:locale" content="${INTL_LOCALES[site.language].replace(/-valencia$/, '').replace('-', '_')}">
${image ? html`<meta property="og:image" content="${absolute(site.publicUrl, image)}">` : null}
<meta name="twitter:card" content="summary">
<style>${new Html(PUBLIC_PAGE_STYLE)}</style>
</head>
<body${embedded ? html` class="embedded"` : null}>
${header}
<main id="main">
${body}
</main>
${
  embedded
    ? null
    : html`<footer class="bottom"><p>${appTitle} · <a href="${PUBLIC_PATHS.catalog}">${t('PUBLIC.OPEN_DATA.CATALOG')}</a></p>
<nav aria-label="${t('LEGAL.NAV_LABEL')}"><a href="${PUBLIC_PATHS.accessibility}?lang=${site.language}">${t('LEGAL.ACCESSIBILITY')}</a> · <a href="${PUBLIC_PATHS.privacy}?lang=${site.language}">${t('PRIVACY.LINK')}</a></nav></footer>`
}
</body>
</html>
`;
  return { status, html: document.markup };
}

/** A headline figure: its label and value. */
const figure = (label: string, value: HtmlValue) => html`<div class="figure"><dt>${label}</dt><dd>${value}</dd></div>`;

/** The list of published editions. */
export function editionsPage(site: PageSite, data: PublicEditions): RenderedPage {
  const w = wordsOf(site.language);
  const items = data.editions.map(
    (e) => html`<li class="card"><h2><a href="${linkTo(PUBLIC_PATHS.edition(e.year), site.language)}">${w.t('PUBLIC.EDITIONS.ITEM', { year: e.year })}</a></h2>
<p>${w.t('PUBLIC.PARTICIPATION', { participants: e.participants, registered: e.registered })}</p>
<p class="muted">${w.t('PUBLIC.EDITIONS.FINAL_SINCE', { date: w.date(e.finalPublishedAt) })}</p></li>`,
  );
  const title = w.t('PUBLIC.NAV.HOME');
  const description = w.t('PUBLIC.EDITIONS.DESCRIPTION');
  const body = html`<h1>${title}</h1>
<p class="lead">${description}</p>
${data.editions.length === 0 ? html`<p class="empty">${w.t('PUBLIC.EDITIONS.EMPTY')}</p>` : html`<ul class="cards">${items}</ul>`}`;
  return documentOf({ site, title, description, path: PUBLIC_PATHS.editions, body });
}

/** The colour class of a mean (five bands of 20 points), or the class of a territory without a mean to show. */
const meanClass = (mean: number | null) => (mean === null ? 'm-none' : `m-${Math.min(4, Math.floor(mean * 5))}`);

function legend(w: Words): Html {
  const bands = [0, 1, 2, 3, 4].map(
    (i) => html`<li><span class="swatch m-${i}" aria-hidden="true"></span>${w.percent(i / 5)} – ${w.percent((i + 1) / 5)}</li>`,
  );
  return html`<ul class="legend" aria-label="${w.t('PUBLIC.MAP.LEGEND')}">${bands}<li><span class="swatch m-none" aria-hidden="true"></span>${w.t('PUBLIC.MAP.NO_DATA')}</li></ul>`;
}

/** A map of Spain with each territory coloured by its mean; each shape names its territory and mean (hover, screen readers). */
function territoryMap(w: Words, caption: string, shapes: readonly MapShape[], territories: readonly PublicTerritory[], frame: string): Html {
  const { width, height } = spainMapShapes();
  const byId = new Map(territories.map((t) => [t.id, t]));
  const paths = shapes.map((shape) => {
    const territory = byId.get(shape.id);
    const mean = territory?.mean ?? null;
    const label = w.t('PUBLIC.MAP.SHAPE', { name: territory?.name ?? shape.name, value: mean === null ? w.t('PUBLIC.MAP.NO_DATA') : w.percent(mean) });
    return html`<path class="${meanClass(mean)}" d="${shape.d}"><title>${label}</title></path>`;
  });
  return html`<figure class="map"><figcaption>${caption}</figcaption>
<svg viewBox="0 0 ${width} ${height}" role="img" aria-label="${caption}"><g>${paths}</g><path class="frame" d="${frame}"/></svg>
</figure>`;
}

/** What a dash stands for, where a mean may be withheld (MIN_GROUP_SIZE over 1; with 1, a dash is a group without participants). */
const withheldNote = (w: Words, minGroupSize: number) =>
  minGroupSize > 1 ? html`<p class="muted">${w.t('PUBLIC.WITHHELD_NOTE', { n: minGroupSize })}</p>` : null;

/** A territory's participants 'n / registered'. */
const participationCell = (w: Words, t: PublicTerritory) => `${w.number(t.participants)} / ${w.number(t.registered)}`;

/** Every province's participation and means, folded (the map's figures for whoever cannot see or point at it). */
function provincesTable(w: Words, edition: PublicEdition): Html {
  const names = new Map(edition.communities.map((c) => [c.id, c.name]));
  const provinces = [...edition.provinces].sort((a, b) => a.name.localeCompare(b.name, 'es'));
  return html`<details class="provinces"><summary>${w.t('PUBLIC.TERRITORIES.PROVINCES')}</summary>
<div class="scroll"><table><thead><tr><th scope="col">${w.t('PUBLIC.TABLE.PROVINCE')}</th><th scope="col" class="wide">${w.t('PUBLIC.TABLE.COMMUNITY')}</th><th scope="col" class="num">${w.t('PUBLIC.TABLE.PARTICIPANTS')}</th><th scope="col" class="num">${w.t('PUBLIC.TABLE.MEAN')}</th></tr></thead>
<tbody>${provinces.map((p) => html`<tr><th scope="row">${p.name}</th><td class="wide">${names.get(p.communityId) ?? ''}</td><td class="num">${participationCell(w, p)}</td><td class="num">${w.percent(p.mean)}</td></tr>`)}</tbody></table></div></details>`;
}

/** The ranking's filters: a form that works without a script (GET, the page's own address). */
function rankingForm(w: Words, site: PageSite, edition: PublicEdition, filters: RankingFilters, action: string): Html {
  const option = (value: string, label: string, selected: boolean) => html`<option value="${value}"${selected ? html` selected` : null}>${label}</option>`;
  const communities = [...edition.communities].sort((a, b) => a.name.localeCompare(b.name, 'es'));
  const bands = [...new Map(edition.ranking.map((r) => [r.sizeBand.minPopulation, r.sizeBand])).values()].sort((a, b) => a.minPopulation - b.minPopulation);
  const provinceGroups = communities.map((c) => {
    const provinces = edition.provinces.filter((p) => p.communityId === c.id).sort((a, b) => a.name.localeCompare(b.name, 'es'));
    return provinces.length === 0
      ? null
      : html`<optgroup label="${c.name}">${provinces.map((p) => option(p.id, p.name, filters.provinceId === p.id))}</optgroup>`;
  });
  return html`<form class="filters" method="get" action="${action}" role="search" aria-label="${w.t('PUBLIC.RANKING.FILTERS')}">
${site.language === 'es' ? null : html`<input type="hidden" name="${QUERY_NAMES.language}" value="${site.language}">`}
<div class="field"><label for="filter-q">${w.t('PUBLIC.RANKING.SEARCH')}</label><input id="filter-q" type="search" name="${QUERY_NAMES.q}" value="${filters.q}" maxlength="${SEARCH_MAX_LENGTH}"></div>
<div class="field"><label for="filter-community">${w.t('PUBLIC.TABLE.COMMUNITY')}</label><select id="filter-community" name="${QUERY_NAMES.communityId}">${option('', w.t('PUBLIC.RANKING.ALL_COMMUNITIES'), filters.communityId === null)}${communities.map((c) => option(c.id, c.name, filters.communityId === c.id))}</select></div>
<div class="field"><label for="filter-province">${w.t('PUBLIC.TABLE.PROVINCE')}</label><select id="filter-province" name="${QUERY_NAMES.provinceId}">${option('', w.t('PUBLIC.RANKING.ALL_PROVINCES'), filters.provinceId === null)}${provinceGroups}</select></div>
<div class="field"><label for="filter-size">${w.t('PUBLIC.TABLE.SIZE')}</label><select id="filter-size" name="${QUERY_NAMES.minPopulation}">${option('', w.t('PUBLIC.RANKING.ALL_SIZES'), filters.minPopulation === null)}${bands.map((b) => option(String(b.minPopulation), w.band(b), filters.minPopulation === b.minPopulation))}</select></div>
<div class="actions"><button type="submit">${w.t('PUBLIC.RANKING.FILTER')}</button>${isFiltered(filters) ? html`<a href="${linkTo(action, site.language)}">${w.t('PUBLIC.RANKING.CLEAR')}</a>` : null}</div>
</form>`;
}

const filterQuery = (filters: RankingFilters) => ({
  [QUERY_NAMES.q]: filters.q,
  [QUERY_NAMES.communityId]: filters.communityId,
  [QUERY_NAMES.provinceId]: filters.provinceId,
  [QUERY_NAMES.minPopulation]: filters.minPopulation,
});

/** The ranking table of the rows given. */
function rankingTable(w: Words, site: PageSite, edition: PublicEdition, rows: PublicEdition['ranking'], linkTarget: string | null): Html {
  const body = rows.map(
    (r) => html`<tr><td class="num">${r.position === null ? DASH : w.number(r.position)}</td>
<th scope="row"><a href="${linkTo(PUBLIC_PATHS.entity(edition.year, r.entityId), site.language)}"${linkTarget ? html` target="${linkTarget}" rel="noopener"` : null}>${r.entity}</a></th>
<td>${r.province}</td><td class="wide">${r.community}</td><td class="wide">${w.band(r.sizeBand)}</td><td class="num">${w.percent(r.percentage)}</td></tr>`,
  );
  return html`<div class="scroll"><table class="ranking"><thead><tr><th scope="col">${w.t('PUBLIC.TABLE.POSITION')}</th><th scope="col">${w.t('PUBLIC.TABLE.ENTITY')}</th><th scope="col">${w.t('PUBLIC.TABLE.PROVINCE')}</th><th scope="col" class="wide">${w.t('PUBLIC.TABLE.COMMUNITY')}</th><th scope="col" class="wide">${w.t('PUBLIC.TABLE.SIZE')}</th><th scope="col" class="num">${w.t('PUBLIC.TABLE.SCORE')}</th></tr></thead>
<tbody>${body}</tbody></table></div>`;
}

/** An edition's page: headline figures, maps, communities, axes, the ranking with its filters, the open data. */
export function editionPage(site: PageSite, edition: PublicEdition, filters: RankingFilters, page: number): RenderedPage {
  const w = wordsOf(site.language);
  const { country } = edition;
  const path = PUBLIC_PATHS.edition(edition.year);
  const title = w.t('PUBLIC.EDITION.TITLE', { year: edition.year });
  const description = w.t('PUBLIC.EDITION.DESCRIPTION', {
    year: edition.year,
    participants: country.participants,
    registered: country.registered,
    mean: w.percent(country.mean),
  });
  const shapes = spainMapShapes();
  const filtered = filteredRanking(edition.ranking, filters);
  const shown = pageOf(filtered, page);
  const query = { ...filterQuery(filters), [QUERY_NAMES.page]: shown.page > 1 ? shown.page : null };
  const pageLink = (n: number) => linkTo(path, site.language, { ...filterQuery(filters), [QUERY_NAMES.page]: n > 1 ? n : null });
  const pager =
    shown.pages > 1
      ? html`<nav class="pager" aria-label="${w.t('PUBLIC.PAGE.LABEL')}">${shown.page > 1 ? html`<a href="${pageLink(shown.page - 1)}" rel="prev">${w.t('PUBLIC.PAGE.PREVIOUS')}</a>` : null}
<span>${w.t('PUBLIC.PAGE.OF', { page: shown.page, pages: shown.pages })}</span>${shown.page < shown.pages ? html`<a href="${pageLink(shown.page + 1)}" rel="next">${w.t('PUBLIC.PAGE.NEXT')}</a>` : null}</nav>`
      : null;
  const communities = [...edition.communities].sort((a, b) => a.name.localeCompare(b.name, 'es'));
  const ranking =
    edition.ranking.length === 0
      ? html`<p class="empty">${w.t('PUBLIC.RANKING.NONE')}</p>`
      : html`${rankingForm(w, site, edition, filters, path)}
<p class="count" role="status">${w.t('PUBLIC.RANKING.COUNT', { count: filtered.length })}</p>
${filtered.length === 0 ? html`<p class="empty">${w.t('PUBLIC.RANKING.EMPTY')}</p>` : html`${rankingTable(w, site, edition, shown.rows, null)}${pager}`}`;
  const body = html`<h1>${title}</h1>
<p class="lead">${w.t('PUBLIC.PARTICIPATION', { participants: country.participants, registered: country.registered })}</p>
<dl class="figures">
${figure(w.t('PUBLIC.FIGURE.PARTICIPANTS'), `${w.number(country.participants)} / ${w.number(country.registered)}`)}
${figure(w.t('PUBLIC.FIGURE.PARTICIPATION_RATE'), country.registered === 0 ? DASH : w.percent(country.participants / country.registered))}
${figure(w.t('PUBLIC.FIGURE.COUNTRY_MEAN'), w.percent(country.mean))}
${figure(w.t('PUBLIC.FIGURE.PUBLISHERS'), w.number(edition.ranking.length))}
</dl>
<section aria-labelledby="maps"><h2 id="maps" class="visually-hidden">${w.t('PUBLIC.MAP.COMMUNITIES')}</h2>
<div class="maps">${territoryMap(w, w.t('PUBLIC.MAP.COMMUNITIES'), shapes.communities, edition.communities, shapes.canariesFrame)}
${territoryMap(w, w.t('PUBLIC.MAP.PROVINCES'), shapes.provinces, edition.provinces, shapes.canariesFrame)}</div>
${legend(w)}</section>
<section aria-labelledby="communities"><h2 id="communities">${w.t('PUBLIC.TERRITORIES.TITLE')}</h2>
<div class="scroll"><table><thead><tr><th scope="col">${w.t('PUBLIC.TABLE.COMMUNITY')}</th><th scope="col" class="num">${w.t('PUBLIC.TABLE.PARTICIPANTS')}</th><th scope="col" class="num">${w.t('PUBLIC.TABLE.MEAN')}</th><th scope="col" class="num">${w.t('PUBLIC.TABLE.MEAN_ALL')}</th></tr></thead>
<tbody>${communities.map((c) => html`<tr><th scope="row">${c.name}</th><td class="num">${participationCell(w, c)}</td><td class="num">${w.percent(c.mean)}</td><td class="num">${w.percent(c.meanComparedToAll)}</td></tr>`)}
<tr class="total"><th scope="row">${w.t('PUBLIC.ENTITY.COUNTRY')}</th><td class="num">${participationCell(w, country)}</td><td class="num">${w.percent(country.mean)}</td><td class="num">${w.percent(country.meanComparedToAll)}</td></tr></tbody></table></div>
${withheldNote(w, edition.minGroupSize)}</section>
${provincesTable(w, edition)}
<section aria-labelledby="axes"><h2 id="axes">${w.t('PUBLIC.AXES.TITLE')}</h2>
<div class="scroll"><table><thead><tr><th scope="col">${w.t('PUBLIC.TABLE.AXIS')}</th><th scope="col" class="num">${w.t('PUBLIC.TABLE.MEAN')}</th></tr></thead>
<tbody>${edition.axes.map((a) => html`<tr><th scope="row">${a.name}</th><td class="num">${w.percent(a.mean)}</td></tr>`)}</tbody></table></div></section>
<section aria-labelledby="ranking"><h2 id="ranking">${w.t('PUBLIC.RANKING.TITLE')}</h2>
${ranking}</section>
<section aria-labelledby="open-data"><h2 id="open-data">${w.t('PUBLIC.OPEN_DATA.TITLE')}</h2>
<p>${w.t('PUBLIC.OPEN_DATA.TEXT')}</p>
<ul class="downloads"><li><a href="${PUBLIC_PATHS.openData(edition.year, 'csv')}" download>${w.t('PUBLIC.OPEN_DATA.CSV')}</a></li><li><a href="${PUBLIC_PATHS.openData(edition.year, 'json')}" download>${w.t('PUBLIC.OPEN_DATA.JSON')}</a></li><li><a href="${PUBLIC_PATHS.catalog}">${w.t('PUBLIC.OPEN_DATA.CATALOG')}</a></li></ul></section>`;
  return documentOf({ site, title, description, path, query, body, noindex: isFiltered(filters) });
}

/** A mean cell of the entity's comparison table. */
const meanCell = (w: Words, mean: PublicMean) => html`<td class="num">${w.percent(mean.mean)}</td>`;

/** An entity's public profile. */
export function entityPage(site: PageSite, profile: PublicEntity): RenderedPage {
  const w = wordsOf(site.language);
  const { entity, year } = profile;
  const title = `${entity.name} · ${w.t('PUBLIC.EDITIONS.ITEM', { year })}`;
  const description = w.t('PUBLIC.ENTITY.DESCRIPTION', {
    entity: entity.name,
    province: entity.province,
    community: entity.community,
    percentage: w.percent(profile.percentage),
    year,
  });
  const groups = [{ name: w.t('PUBLIC.ENTITY.GLOBAL'), percentage: profile.percentage, means: profile.means }, ...profile.axes];
  const seal = profile.seal
    ? html`<section class="seal" aria-labelledby="seal"><h2 id="seal">${w.t('PUBLIC.SEAL.TITLE', { year })}</h2>
<p>${w.t('PUBLIC.SEAL.HELD', { year })}</p>
<a href="${linkTo(PUBLIC_PATHS.seal(profile.seal.code), site.language)}"><img src="${PUBLIC_PATHS.sealBadge(profile.seal.code)}" width="260" height="96" alt="${w.t('PUBLIC.SEAL.BADGE_ALT', { year, entity: entity.name })}"></a>
<p><a href="${linkTo(PUBLIC_PATHS.seal(profile.seal.code), site.language)}">${w.t('PUBLIC.SEAL.VERIFY')}</a></p></section>`
    : null;
  const body = html`<p class="back"><a href="${linkTo(PUBLIC_PATHS.edition(year), site.language)}">${w.t('PUBLIC.ENTITY.BACK', { year })}</a></p>
<h1>${entity.name}</h1>
<p class="lead">${w.t('PUBLIC.ENTITY.SUBTITLE', { year, province: entity.province, community: entity.community })} · ${w.band(entity.sizeBand)}</p>
<dl class="figures">
${figure(w.t('PUBLIC.ENTITY.SCORE'), w.percent(profile.percentage))}
${figure(w.t('PUBLIC.ENTITY.POSITION'), profile.position === null ? DASH : w.t('PUBLIC.RANKING.POSITION_OF', { position: profile.position, participants: profile.participants }))}
${figure(w.t('PUBLIC.FIGURE.COUNTRY_MEAN'), w.percent(profile.means.country.mean))}
</dl>
${seal}
<section aria-labelledby="compared"><h2 id="compared">${w.t('PUBLIC.ENTITY.COMPARED')}</h2>
<div class="scroll"><table><thead><tr><th scope="col">${w.t('PUBLIC.ENTITY.GROUP')}</th><th scope="col" class="num">${w.t('PUBLIC.ENTITY.OWN')}</th><th scope="col" class="num">${entity.province}</th><th scope="col" class="num">${entity.community}</th><th scope="col" class="num">${w.t('PUBLIC.ENTITY.COUNTRY')}</th><th scope="col" class="num">${w.t('PUBLIC.ENTITY.SIZE_BAND')}</th></tr></thead>
<tbody>${groups.map((g) => html`<tr><th scope="row">${g.name}</th><td class="num strong">${w.percent(g.percentage)}</td>${meanCell(w, g.means.province)}${meanCell(w, g.means.autonomousCommunity)}${meanCell(w, g.means.country)}${meanCell(w, g.means.sizeBand)}</tr>`)}</tbody></table></div>
${withheldNote(w, profile.minGroupSize)}</section>
<section aria-labelledby="trend"><h2 id="trend">${w.t('PUBLIC.ENTITY.TREND')}</h2>
<table class="trend"><thead><tr><th scope="col">${w.t('PUBLIC.ENTITY.YEAR')}</th><th scope="col" class="num">${w.t('PUBLIC.TABLE.SCORE')}</th><th scope="col"><span class="visually-hidden">${w.t('PUBLIC.TABLE.SCORE')}</span></th></tr></thead>
<tbody>${profile.trend.map((p) => html`<tr><th scope="row"><a href="${linkTo(PUBLIC_PATHS.edition(p.year), site.language)}">${p.year}</a></th><td class="num">${w.percent(p.percentage)}</td><td class="bar-cell"><span class="bar" style="width:${Math.round(Math.max(0, Math.min(1, p.percentage)) * 100)}%"></span></td></tr>`)}</tbody></table></section>`;
  return documentOf({
    site,
    title,
    description,
    path: PUBLIC_PATHS.entity(year, entity.id),
    body,
    image: profile.seal ? PUBLIC_PATHS.sealBadge(profile.seal.code) : undefined,
  });
}

/** A seal's verification page. */
export function sealPage(site: PageSite, seal: PublicSeal): RenderedPage {
  const w = wordsOf(site.language);
  const title = w.t('PUBLIC.SEAL.PAGE_TITLE', { year: seal.year });
  const description = w.t('PUBLIC.SEAL.VERIFIED', {
    entity: seal.entity.name,
    percentage: w.percent(seal.percentage),
    year: seal.year,
    min: w.percent(seal.minPercentage),
  });
  const body = html`<h1>${title}</h1>
<div class="seal verified"><img src="${PUBLIC_PATHS.sealBadge(seal.code)}" width="260" height="96" alt="${w.t('PUBLIC.SEAL.BADGE_ALT', { year: seal.year, entity: seal.entity.name })}">
<p class="lead">${description}</p>
<p class="muted">${w.t('PUBLIC.SEAL.GRANTED', { date: w.date(seal.grantedAt) })}</p></div>
<p>${seal.entity.publishes ? html`<a href="${linkTo(PUBLIC_PATHS.entity(seal.year, seal.entity.id), site.language)}">${seal.entity.name}</a>` : seal.entity.name} · <a href="${linkTo(PUBLIC_PATHS.edition(seal.year), site.language)}">${w.t('PUBLIC.EDITIONS.ITEM', { year: seal.year })}</a></p>`;
  return documentOf({ site, title, description, path: PUBLIC_PATHS.seal(seal.code), body, image: PUBLIC_PATHS.sealBadge(seal.code) });
}

/**
 * A submission's receipt verified: whose, which edition, when and the SHA-256 of the answers as sent, which whoever
 * holds the answers compares; nothing of the answers or of who signed. Not indexed.
 */
export function receiptPage(site: PageSite, receipt: PublicReceipt, code: string): RenderedPage {
  const w = wordsOf(site.language);
  const title = w.t('PUBLIC.RECEIPT.PAGE_TITLE');
  const description = w.t('PUBLIC.RECEIPT.VERIFIED', { entity: receipt.entity, year: receipt.edition, moment: w.moment(receipt.sentAt) });
  const body = html`<h1>${title}</h1>
<div class="seal verified"><p class="lead">${description}</p>
<p>${w.t('PUBLIC.RECEIPT.HASH')}</p><p><code class="hash">${receipt.sha256}</code></p>
<p class="muted">${w.t('PUBLIC.RECEIPT.EXPLAINED')}</p></div>`;
  return documentOf({ site, title, description, path: PUBLIC_PATHS.receipt(code), body, noindex: true });
}

/** The map of communities or the first ten of the ranking, to put in another site's frame. */
export function embedPage(site: PageSite, edition: PublicEdition, view: EmbedView, filters: RankingFilters): RenderedPage {
  const w = wordsOf(site.language);
  const shapes = spainMapShapes();
  const title = w.t('PUBLIC.EDITION.TITLE', { year: edition.year });
  const full = linkTo(PUBLIC_PATHS.edition(edition.year), site.language, view === 'ranking' ? filterQuery(filters) : {});
  const content =
    view === 'mapa'
      ? html`${territoryMap(w, w.t('PUBLIC.MAP.COMMUNITIES'), shapes.communities, edition.communities, shapes.canariesFrame)}${legend(w)}`
      : html`<h2>${w.t('PUBLIC.RANKING.TITLE')}</h2>${rankingTable(w, site, edition, pageOf(filteredRanking(edition.ranking, filters), 1, 10).rows, '_blank')}`;
  const body = html`<h1>${title}</h1>
<p>${w.t('PUBLIC.PARTICIPATION', { participants: edition.country.participants, registered: edition.country.registered })} ${w.t('PUBLIC.FIGURE.COUNTRY_MEAN')}: ${w.percent(edition.country.mean)}.</p>
${content}
<p><a href="${full}" target="_blank" rel="noopener">${w.t('PUBLIC.EMBED.OPEN')}</a></p>`;
  return documentOf({
    site,
    title,
    description: title,
    path: PUBLIC_PATHS.embed(edition.year),
    query: { [QUERY_NAMES.view]: view, ...filterQuery(filters) },
    body,
    embedded: true,
  });
}

/** What a problem page says: an address naming nothing published, a seal or receipt not found (404), or a query not valid (400). */
export type ProblemKind = 'notFound' | 'badRequest' | 'noSeal' | 'noReceipt';
const PROBLEM_TEXTS: Record<ProblemKind, string> = {
  notFound: 'PUBLIC.NOT_FOUND.TEXT',
  badRequest: 'PUBLIC.BAD_REQUEST.TEXT',
  noSeal: 'PUBLIC.SEAL.NOT_FOUND',
  noReceipt: 'PUBLIC.RECEIPT.NOT_FOUND',
};

/** The page for an address that names nothing published (404), or one whose query is not valid (400). */
export function problemPage(site: PageSite, path: string, kind: ProblemKind): RenderedPage {
  const w = wordsOf(site.language);
  const title = w.t(kind === 'badRequest' ? 'PUBLIC.BAD_REQUEST.TITLE' : 'PUBLIC.NOT_FOUND.TITLE');
  const text = w.t(PROBLEM_TEXTS[kind]);
  const body = html`<h1>${title}</h1><p class="lead">${text}</p><p><a href="${linkTo(PUBLIC_PATHS.editions, site.language)}">${w.t('PUBLIC.NAV.HOME')}</a></p>`;
  return documentOf({ site, title, description: text, path, body, status: kind === 'badRequest' ? 400 : 404 });
}
