import { buildResultReport } from '../../../src/server/reports/resultReport.js';
import { comparisonAxes } from '../../../src/server/reports/comparison.js';
import { questionnaireTree } from '../../../src/server/reports/questionnaireCache.js';
import { localize } from '../../../src/shared/editionTexts.js';
import type { IndicatorGroup } from '../../../src/shared/api/campaigns.js';

/** Two indicators of one axis: the first policy and its measure translated into Catalan, the axis into Catalan and English. */
const indicators = [
  {
    id: 1,
    text: 'Indicador 1',
    axisId: 1,
    axisText: 'Gobernanza',
    policyId: 11,
    policyText: 'Planificación',
    measureId: 111,
    measureText: 'Plan local',
    competenceId: null,
    translations: { ca: { axisText: 'Governança', policyText: 'Planificació', measureText: 'Pla local' }, en: { axisText: 'Governance' } },
    subindicators: [],
  },
  {
    id: 2,
    text: 'Indicador 2',
    axisId: 1,
    axisText: 'Gobernanza',
    policyId: 12,
    policyText: 'Participación',
    measureId: 121,
    measureText: 'Consejo',
    competenceId: null,
    subindicators: [],
  },
] as unknown as IndicatorGroup[];

describe("reports' names in the reader's language", () => {
  const tree = questionnaireTree(indicators);
  const report = buildResultReport({ figures: new Map(), ranks: new Map() }, { tree, indicators }, {
    names: {},
    sizeBand: {},
    edition: {},
    minGroupSize: 5,
    review: {},
  } as never);

  it("carries each axis's and policy's translations on the figures that name them, and the measures table's names whole per language", () => {
    expect(tree[0]).toMatchObject({ text: 'Gobernanza', translations: { ca: { text: 'Governança' }, en: { text: 'Governance' } } });
    expect(tree[0].policies[1]).not.toHaveProperty('translations');
    expect(report.axisDetails[0]).toMatchObject({ axisText: 'Gobernanza', translations: { ca: { axisText: 'Governança' }, en: { axisText: 'Governance' } } });
    expect(report.global.valuesByPolicy[0]).toMatchObject({ policyText: 'Planificación', translations: { ca: { policyText: 'Planificació' } } });
    // Valencian reads Catalan; what has no translation reads Spanish; a language with none is not listed.
    expect(report.table.texts.translations).toEqual({
      en: { axis: { 1: 'Governance' }, policy: { 11: 'Planificación', 12: 'Participación' }, measure: { 111: 'Plan local', 121: 'Consejo' } },
      ca: { axis: { 1: 'Governança' }, policy: { 11: 'Planificació', 12: 'Participación' }, measure: { 111: 'Pla local', 121: 'Consejo' } },
      va: { axis: { 1: 'Governança' }, policy: { 11: 'Planificació', 12: 'Participación' }, measure: { 111: 'Pla local', 121: 'Consejo' } },
    });
  });

  it('reads in Valencian as the client does, and in Galician as in Spanish', () => {
    const valencian = localize(report, 'va');
    expect(valencian.axisDetails[0].axisText).toBe('Governança');
    expect(valencian.table.texts.policy).toEqual({ 11: 'Planificació', 12: 'Participación' });
    expect(JSON.stringify(valencian)).not.toContain('translations');
    const galician = localize(report, 'gl');
    expect(galician.axisDetails[0].axisText).toBe('Gobernanza');
    expect(galician.table.texts.measure).toEqual({ 111: 'Plan local', 121: 'Consejo' });
  });

  it("names the comparison's radar axes and policies alike", () => {
    const [axis] = comparisonAxes(tree, new Map());
    expect(localize(axis, 'ca')).toMatchObject({ axisText: 'Governança', valuesByPolicy: [{ policyText: 'Planificació' }, { policyText: 'Participación' }] });
    expect(localize(axis, 'en')).toMatchObject({ axisText: 'Governance', valuesByPolicy: [{ policyText: 'Planificación' }, { policyText: 'Participación' }] });
  });
});
