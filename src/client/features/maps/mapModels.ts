import type { IntlShape } from 'react-intl';
import type { Participation, ResultMap } from '../../../shared/api/maps.js';
import type { MunicipalityBoundaries } from '../../../shared/api/maps.js';
import { formatChartPercent } from '../../lib/numbers.js';
import { NO_DATA_COLOUR, percentClasses, type MapSpec } from '../../maps/mapSpec.js';
import type { MapTableRow } from '../../maps/MapFigure.js';
import { compareSpanish } from '../../lib/search.js';

/** A territory's participation: its entities, and in the current edition the campaigns sent and in draft. */
export interface TerritoryParticipation {
  code: string;
  name: string;
  registered: number;
  sent: number;
  draft: number;
  /** Sent over registered, in % (null without registered entities). */
  rate: number | null;
}

const rateOf = (sent: number, registered: number) => (registered > 0 ? (100 * sent) / registered : null);

/** Participation per province, or per community (its provinces added up), ordered by name. */
export function participationBy(participation: Participation, level: 'provinces' | 'communities'): TerritoryParticipation[] {
  const byCode = new Map<string, TerritoryParticipation>();
  for (const p of participation.provinces) {
    const [code, name] = level === 'provinces' ? [p.provinceId, p.name] : [p.communityId, p.communityName];
    const t = byCode.get(code) ?? { code, name, registered: 0, sent: 0, draft: 0, rate: null };
    t.registered += p.registered;
    t.sent += p.sent;
    t.draft += p.draft;
    byCode.set(code, t);
  }
  return [...byCode.values()].map((t) => ({ ...t, rate: rateOf(t.sent, t.registered) })).sort((a, b) => compareSpanish(a.name, b.name));
}

const percent = (intl: IntlShape, value: number) => formatChartPercent(intl, value);

/** The status page's map, its summary and data table. */
export function participationMap(intl: IntlShape, participation: Participation, level: 'provinces' | 'communities') {
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const territories = participationBy(participation, level);
  const tooltip = (p: TerritoryParticipation) =>
    p.registered === 0
      ? t('MAPS.STATUS.NO_ENTITIES')
      : `${t('MAPS.STATUS.TOOLTIP', { sent: p.sent, registered: p.registered, draft: p.draft })}: ${percent(intl, p.rate ?? 0)}`;
  const spec: MapSpec = {
    base: level,
    seriesName: t('MAPS.STATUS.SERIES'),
    points: territories.map((p) => ({ code: p.code, name: p.name, value: p.rate, tooltip: tooltip(p) })),
    classes: percentClasses((v) => percent(intl, v)),
    none: { colour: NO_DATA_COLOUR, name: t('MAPS.STATUS.NO_ENTITIES') },
    height: 460,
    selectable: true,
  };
  const total = territories.reduce((sum, p) => ({ sent: sum.sent + p.sent, registered: sum.registered + p.registered }), { sent: 0, registered: 0 });
  const summary = t('MAPS.STATUS.SUMMARY', {
    edition: participation.edition ?? '—',
    sent: total.sent,
    registered: total.registered,
    rate: formatChartPercent(intl, rateOf(total.sent, total.registered)),
  });
  const columns = ['MAPS.COLUMN.TERRITORY', 'MAPS.COLUMN.REGISTERED', 'MAPS.COLUMN.SENT', 'MAPS.COLUMN.DRAFT', 'MAPS.COLUMN.PARTICIPATION'].map((id) => t(id));
  const rows: MapTableRow[] = territories.map((p) => ({
    key: p.code,
    name: p.name,
    cells: [String(p.registered), String(p.sent), String(p.draft), formatChartPercent(intl, p.rate)],
  }));
  return { spec, summary, columns, rows, territories };
}

/** The results page's national map: the mean global score per province in the active mode, the entity's province outlined. */
export function resultMeansMap(intl: IntlShape, map: ResultMap, comparedWithParticipants: boolean) {
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const provinces = [...map.provinces].sort((a, b) => compareSpanish(a.name, b.name));
  // The API's means are shares (0-1), as a result's percentages; the map's classes are in % (0-100).
  const meanOf = (p: ResultMap['provinces'][number]) => {
    const mean = comparedWithParticipants ? p.mean : p.meanComparedToAll;
    return mean === null ? null : mean * 100;
  };
  const shown = (p: ResultMap['provinces'][number]) =>
    p.withheld ? t('MAPS.RESULT.WITHHELD', { min: map.minGroupSize }) : meanOf(p) === null ? t('MAPS.NO_DATA') : formatChartPercent(intl, meanOf(p));
  const own = provinces.find((p) => p.provinceId === map.provinceId);
  const spec: MapSpec = {
    base: 'provinces',
    seriesName: t('MAPS.RESULT.SERIES'),
    points: provinces.map((p) => ({
      code: p.provinceId,
      name: p.name,
      value: meanOf(p),
      tooltip: p.withheld || meanOf(p) === null ? shown(p) : t('MAPS.RESULT.TOOLTIP', { mean: shown(p), participants: p.participants }),
    })),
    classes: percentClasses((v) => percent(intl, v)),
    none: { colour: NO_DATA_COLOUR, name: t('MAPS.NO_DATA') },
    outline: { codes: [map.provinceId], name: t('MAPS.RESULT.OUTLINE') },
    height: 440,
  };
  const summary = t('MAPS.RESULT.SUMMARY', { year: map.year, province: own?.name ?? map.provinceId, mean: own ? shown(own) : t('MAPS.NO_DATA') });
  const columns = ['MAPS.COLUMN.TERRITORY', 'MAPS.COLUMN.MEAN', 'MAPS.COLUMN.PARTICIPANTS'].map((id) => t(id));
  const rows: MapTableRow[] = provinces.map((p) => ({ key: p.provinceId, name: p.name, cells: [shown(p), String(p.participants)] }));
  return { title: t('MAPS.RESULT.TITLE', { year: map.year }), spec, summary, columns, rows };
}

/** Chosen municipalities over their provinces' municipalities (the results page's small map, the entity form's). */
export function municipalitiesMap(intl: IntlShape, boundaries: MunicipalityBoundaries[], chosen: readonly string[], height = 320) {
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const picked = new Set(chosen);
  const all = boundaries.flatMap((b) => b.features).map((f) => ({ code: f.id, name: f.properties.name }));
  const spec: MapSpec = {
    base: 'municipalities',
    boundaries,
    seriesName: t('MAPS.ENTITY.MINE'),
    points: all.map((m) => ({
      code: m.code,
      name: m.name,
      value: picked.has(m.code) ? 1 : 0,
      tooltip: picked.has(m.code) ? t('MAPS.ENTITY.MINE') : t('MAPS.ENTITY.OTHERS'),
    })),
    classes: [
      { from: 0.5, to: 1.5, colour: '#0b3d91', name: t('MAPS.ENTITY.MINE') },
      { from: -0.5, to: 0.5, colour: '#dee2e6', name: t('MAPS.ENTITY.OTHERS') },
    ],
    none: { colour: NO_DATA_COLOUR, name: t('MAPS.NO_DATA') },
    height,
  };
  const chosenShapes = all.filter((m) => picked.has(m.code)).sort((a, b) => compareSpanish(a.name, b.name));
  const columns = [t('MAPS.COLUMN.MUNICIPALITY'), t('MAPS.COLUMN.CHOSEN')];
  const rows: MapTableRow[] = chosenShapes.map((m) => ({ key: m.code, name: m.name, cells: [t('MAPS.YES')] }));
  return { spec, columns, rows, names: chosenShapes.map((m) => m.name) };
}
