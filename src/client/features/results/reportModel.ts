/**
 * The numbers a report shows, derived from the result response (docs/scoring.md) and the report filters:
 * which levels are active, which figure set (participants or compared-to-all) is read, the blocks of
 * gauges, bars and comparison tables, and the detail-by-measures table. Pure functions; selectors memoise them.
 * The model holds ids, numbers and the names the server sends; the words of the interface ('Resultado global',
 * 'TOTAL') are added where it is shown or exported (reportText.ts).
 */
import type { ByLevel, Level, MeanSizes, ReportEdition, ResultResponse, SizeBand, TerritoryLevel } from '../../../shared/api/results.js';
import type { ReportFiltersState, Territory } from '../reportFilters/reportFiltersSlice.js';
import { compareSpanish } from '../../lib/search.js';

export type { Level, ByLevel, TerritoryLevel };

/** The five levels in the order every chart, table and legend uses: the entity, its territories, its size band. */
export const LEVELS: readonly Level[] = ['campaign', 'province', 'autonomousCommunity', 'country', 'sizeBand'];

/** The levels whose figure is a mean over entities (they have a size, a rank, and may be withheld). */
export const TERRITORY_LEVELS: readonly TerritoryLevel[] = ['province', 'autonomousCommunity', 'country', 'sizeBand'];

/** The filter checkbox that shows or hides each level. */
export const TERRITORY_OF_LEVEL: Readonly<Record<Level, Territory>> = {
  campaign: 'entity',
  province: 'province',
  autonomousCommunity: 'autonomousCommunity',
  country: 'country',
  sizeBand: 'sizeBand',
};

/** One colour per level, the same in needles, bars and legends (contrast >= 3:1 on white). */
export const LEVEL_COLOURS: Readonly<Record<Level, string>> = {
  campaign: '#0b5ed7',
  province: '#6f42c1',
  autonomousCommunity: '#b35900',
  country: '#2f3e46',
  sizeBand: '#0f7b6c',
};

export interface ActiveLevel {
  level: Level;
  /** The territory's name as the server sends it; empty for the size band, worded from `band` (reportText.levelLabel words it and adds n). */
  label: string;
  /** The size band's bounds, for the sizeBand level only (its name is worded in the reader's language). */
  band: SizeBand | null;
  colour: string;
  /** How many entities the level's mean is built from in the chosen mode; null for the entity itself. */
  n: number | null;
  /** Its mean is not sent (fewer participants than the minimum group size): a dash wherever it would show. */
  withheld: boolean;
}

/** What the model needs of a report to name and size its levels (a result, a comparison or a trend). */
export interface LevelsAbout {
  territoryTexts: ResultResponse['territoryTexts'];
  sizeBand: SizeBand;
}

/** How many entities each territorial mean is built from, in one comparison mode. */
export type ModeSizes = MeanSizes['participants'];

/** The sizes of the chosen comparison mode: participants only, or every registered entity. */
export const modeSizes = (edition: Pick<ReportEdition, 'sizes'>, compareWithParticipants: boolean): ModeSizes =>
  compareWithParticipants ? edition.sizes.participants : edition.sizes.comparedToAll;

/** A level named, coloured and sized (n in the mode; null for the entity), withheld or not. */
export function describeLevel(level: Level, about: LevelsAbout, sizes: ModeSizes, withheld: readonly TerritoryLevel[]): ActiveLevel {
  const campaign = level === 'campaign';
  return {
    level,
    label: level === 'sizeBand' ? '' : about.territoryTexts[level],
    band: level === 'sizeBand' ? about.sizeBand : null,
    colour: LEVEL_COLOURS[level],
    n: campaign ? null : sizes[level],
    withheld: !campaign && withheld.includes(level),
  };
}

/** The levels whose checkbox is on, named after the result's territories and band, each mean with its size. */
export function activeLevels(
  territory: ReportFiltersState['territory'],
  about: LevelsAbout,
  edition: ReportEdition,
  compareWithParticipants: boolean,
): ActiveLevel[] {
  const sizes = modeSizes(edition, compareWithParticipants);
  return LEVELS.filter((level) => territory[TERRITORY_OF_LEVEL[level]]).map((level) => describeLevel(level, about, sizes, edition.withheld));
}

/**
 * Points and percentage per level (null: no participant, shown as a dash; the entity's own null: it answered the
 * whole group 'No aplica'), and how many entities each territory's mean of this group is built from in the mode:
 * fewer than the level's n where some participants answered the whole group 'No aplica'.
 */
export interface LevelFigures {
  values: ByLevel;
  percentages: ByLevel;
  sizes: ModeSizes;
}

/** One policy's row of a comparison table. */
export interface FigureRow extends LevelFigures {
  policyText: string;
}

/** The global block (axisText null) or one axis block: one row per policy, and the figures of its TOTAL row. */
export interface ReportBlock {
  /** 'global' or 'axis-<n>': the block's id in the page and in a CSV request. */
  key: string;
  axisText: string | null;
  rows: FigureRow[];
  total: LevelFigures;
}

const EMPTY: ByLevel = { campaign: null, province: null, autonomousCommunity: null, country: null, sizeBand: null };

/** The report's blocks, with the server's figures. With compareWithParticipants off every figure comes from the compared-to-all set. */
export function reportBlocks(result: ResultResponse, compareWithParticipants: boolean): ReportBlock[] {
  const pct = compareWithParticipants ? 'percentages' : 'percentagesComparedToAll';
  const val = compareWithParticipants ? 'values' : 'valuesComparedToAll';
  const axes = result.axisDetails.map((axis, index): ReportBlock => {
    const rows = axis.valuesByPolicy.map((p) => ({
      policyText: p.policyText,
      values: p[val] ?? EMPTY,
      percentages: p[pct],
      sizes: modeSizes(p, compareWithParticipants),
    }));
    const total = { values: axis[val], percentages: axis[pct], sizes: modeSizes(axis, compareWithParticipants) };
    return { key: `axis-${index}`, axisText: axis.axisText, rows, total };
  });
  const globalRows = axes.flatMap((axis) => axis.rows);
  const global: ReportBlock = {
    key: 'global',
    axisText: null,
    rows: globalRows,
    total: { values: result.global[val], percentages: result.global[pct], sizes: modeSizes(result.global, compareWithParticipants) },
  };
  return [global, ...axes];
}

/**
 * Percentage icon of the measures table: at or below 0.3 a cross, from 0.7 a check, an exclamation between.
 * Judged on the figure as shown (one decimal of the percentage), so that '70,0%' never gets the amber icon.
 */
export type Grade = 'low' | 'medium' | 'high';
export function grade(fraction: number): Grade {
  const shown = Math.round(fraction * 1000) / 1000;
  if (shown <= 0.3) return 'low';
  if (shown >= 0.7) return 'high';
  return 'medium';
}

/** The figures of a row of the measures table. */
export interface MeasuresFigures {
  /** Points under each axis column (only the row's own axis has a value), by axis id. */
  values: Record<string, number | null>;
  total: number;
  percentages: Record<string, number | null>;
  /** The row's axis (null: the 'Total general' row, every axis). */
  axisId: string | null;
  /** The row's own percentage: its axis' column, or the whole questionnaire's for 'Total general'. */
  percentage: number | null;
}

/** A policy or a measure, named by the server. */
export interface MeasuresRow extends MeasuresFigures {
  kind: 'policy' | 'measure';
  text: string;
}

export interface MeasuresTable {
  axes: { id: string; text: string }[];
  rows: MeasuresRow[];
  /** The 'Total general' row. */
  total: MeasuresFigures;
}

const byText = (a: { text: string }, b: { text: string }) => compareSpanish(a.text, b.text);

/**
 * The detail-by-measures table: a value column per axis, a total column and a percentage column per axis (the
 * CSV and Excel sheet); each row also with its own axis and percentage (the screen and paper: a points and a
 * percentage column, the axis named under each policy); policies alphabetically, each followed by its measures
 * alphabetically, then 'Total general'.
 */
export function measuresTable(table: ResultResponse['table']): MeasuresTable {
  const axisIds = Object.keys(table.valuesPerAxis).filter((id) => id !== 'total');
  const axes = axisIds.map((id) => ({ id, text: table.texts.axis[id] ?? id }));
  const only = (axisId: string, n: number | null) => Object.fromEntries(axisIds.map((id) => [id, id === axisId ? n : null]));
  const policies = axisIds.flatMap((axisId) =>
    Object.entries(table.valuesPerAxis[axisId].valuesByPolicy).map(([policyId, policy]) => ({
      axisId,
      policyId,
      policy,
      text: table.texts.policy[policyId] ?? policyId,
    })),
  );
  const rows: MeasuresRow[] = [];
  for (const { axisId, policyId, policy, text } of policies.sort(byText)) {
    const totals = table.valuesPerAxis.total.valuesByPolicy[policyId];
    rows.push({
      kind: 'policy',
      text,
      values: only(axisId, policy.value),
      total: totals?.value ?? policy.value,
      percentages: only(axisId, policy.percentage),
      axisId,
      percentage: policy.percentage,
    });
    const measures = Object.entries(policy.valuesByMeasure).map(([measureId, m]) => ({ ...m, text: table.texts.measure[measureId] ?? measureId }));
    for (const m of measures.sort(byText)) {
      rows.push({
        kind: 'measure',
        text: m.text,
        values: only(axisId, m.value),
        total: m.value,
        percentages: only(axisId, m.percentage),
        axisId,
        percentage: m.percentage,
      });
    }
  }
  const total: MeasuresFigures = {
    values: Object.fromEntries(axisIds.map((id) => [id, table.valuesPerAxis[id].value])),
    total: table.valuesPerAxis.total.value,
    percentages: Object.fromEntries(axisIds.map((id) => [id, table.valuesPerAxis[id].percentage])),
    axisId: null,
    percentage: table.valuesPerAxis.total.percentage,
  };
  return { axes, rows, total };
}

/** 'Tu Puntuación': the first active level's global percentage, in the order campaign, province, community, country, size band. */
export function scoreCardValue(percentages: ByLevel, levels: readonly ActiveLevel[]): { level: ActiveLevel; value: number | null } | null {
  const first = levels[0];
  return first ? { level: first, value: percentages[first.level] } : null;
}
