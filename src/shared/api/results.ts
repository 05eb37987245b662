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
