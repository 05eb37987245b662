import type { IndicatorGroup } from './campaigns.js';

/** The result response of scoring.md (GET campaigns/result). Percentages are fractions 0..1; null is a dash. */
export type Level = 'campaign' | 'province' | 'autonomousCommunity' | 'country';
export type ByLevel = Record<Level, number | null>;

export interface PolicyFigures {
  policyText: string;
  percentages: ByLevel;
  percentagesComparedToAll: ByLevel;
  values?: ByLevel;
  valuesComparedToAll?: ByLevel;
}

export interface AxisDetail {
  axisText: string;
  percentages: ByLevel;
  percentagesComparedToAll: ByLevel;
  values: ByLevel;
  valuesComparedToAll: ByLevel;
  valuesByPolicy: PolicyFigures[];
}

export interface ValueAndPercentage {
  value: number;
  percentage: number;
}

export interface TablePolicy extends ValueAndPercentage {
  valuesByMeasure: Record<string, ValueAndPercentage>;
}

export interface TableAxis extends ValueAndPercentage {
  valuesByPolicy: Record<string, TablePolicy>;
}

export interface ResultResponse {
  global: { percentages: ByLevel; percentagesComparedToAll: ByLevel; valuesByPolicy: PolicyFigures[] };
  axisDetails: AxisDetail[];
  territoryTexts: Record<Level, string>;
  table: {
    valuesPerAxis: Record<string, TableAxis>;
    texts: { axis: Record<string, string>; policy: Record<string, string>; measure: Record<string, string> };
  };
  answers: { campaign: { indicators: IndicatorGroup[] } };
}

/** The three levels a comparison shows: the entity, its province and its autonomous community. */
export type ComparisonLevel = 'campaign' | 'province' | 'autonomousCommunity';

/** One policy of a comparison: percentages (fractions 0..1, null without participants) in both comparison modes. */
export interface ComparisonPolicy {
  policyText: string;
  percentages: Record<ComparisonLevel, number | null>;
  /** The same figures over every registered entity of the territory, non-participants counting 0. */
  percentagesComparedToAll: Record<ComparisonLevel, number | null>;
}

export interface ComparisonAxis {
  axisText: string;
  valuesByPolicy: ComparisonPolicy[];
}

/**
 * GET campaigns/comparison (scoring.md): the campaign's figures, and those of the entity's latest sent
 * campaign of an earlier edition with that edition's territorial figures; previous is null when there is none.
 */
export interface ComparisonResponse {
  current: ComparisonAxis[];
  previous: ComparisonAxis[] | null;
}
