import { bestResponses, improvementPlan, planRows } from '../../../../src/client/features/results/improvementPlan.js';
import { grade, measuresTable } from '../../../../src/client/features/results/reportModel.js';
import { planCsvLabels, planTable, reportCsvFile } from '../../../../src/client/features/results/reportCsv.js';
import { csvRowsOf } from '../../../../src/client/lib/tableModel.js';
import { messageFor } from '../../../../src/client/i18n/messages.js';
import { planFixture, resultFixture } from '../../../helpers/resultFixture.js';
import type { ResultResponse } from '../../../../src/shared/api/results.js';
import { ASKS_NOTHING } from '../../../helpers/questions.js';

const spanish = (id: string, values?: Record<string, string | number>) => messageFor('es', id, values);

describe('improvement plan', () => {
  const plan = improvementPlan(planFixture());

  it('lists the red and amber measures, most points available first, equal ones by name', () => {
    expect(plan.map((m) => [m.measureText, m.grade, m.value, m.max, m.available])).toEqual([
      ['Arbolado', 'low', 2, 8, 6],
      ['Depuración', 'medium', 2, 4, 2],
      ['Parques', 'medium', 4, 6, 2],
    ]);
    expect(plan[0]).toMatchObject({ axisText: 'Territorio', policyText: 'Zonas verdes', percentage: 0.25 });
  });

  it('agrees with the measures table: every planned measure has its red or amber icon there, and no other does', () => {
    const table = measuresTable(planFixture().table);
    const shownPercentage = (r: (typeof table.rows)[number]) => Object.values(r.percentages).find((p) => p !== null) ?? 0;
    const notGreen = table.rows.filter((r) => r.kind === 'measure' && grade(shownPercentage(r)) !== 'high').map((r) => r.text);
    // Movilidad is red but has nothing to gain: every question already at its maximum (0 of 0).
    expect(notGreen.sort()).toEqual(['Arbolado', 'Depuración', 'Movilidad', 'Parques']);
    expect(plan.map((m) => m.measureText)).not.toContain('Movilidad');
    expect(plan.map((m) => m.measureText)).not.toContain('Alumbrado');
  });

  it("leaves out the questions answered 'No aplica' and a measure answered wholly so", () => {
    const fixture = planFixture();
    const noLonger = (text: string) => fixture.answers.campaign.indicators.flatMap((i) => i.subindicators).find((s) => s.text === text)!;
    // 'Especies' (1 of 3) answered 'No aplica' instead: Arbolado has only 'Cuidados' left to improve.
    Object.assign(noLonger('Especies'), { answer: null, notApplicable: { reason: 'Sin arbolado municipal' } });
    const depuracion = fixture.answers.campaign.indicators.filter((i) => i.measureText === 'Depuración').flatMap((i) => i.subindicators);
    for (const sub of depuracion) Object.assign(sub, { answer: null, notApplicable: { reason: 'Lo gestiona la diputación' } });
    const changed = improvementPlan(fixture);
    expect(changed.find((m) => m.measureText === 'Arbolado')!.questions.map((q) => q.text)).toEqual(['Cuidados']);
    expect(changed.map((m) => m.measureText)).not.toContain('Depuración');
  });

  it("keeps only the questions that lost points, most missing first, with the campaign's answer", () => {
    const [arbolado, depuracion, parques] = plan;
    expect(arbolado.questions.map((q) => [q.text, q.value, q.max, q.missing])).toEqual([
      ['Cuidados', 1, 5, 4],
      ['Especies', 1, 3, 2],
    ]);
    expect(arbolado.questions[1].chosen.map((r) => r.text)).toEqual(['En parte']);
    expect(depuracion.questions.map((q) => q.text)).toEqual(['Depuradora']);
    expect(parques.questions.map((q) => [q.text, q.chosen])).toEqual([['Parque accesible', []]]);
  });

  it('suggests the single-choice option worth the most, never an obsolete one, every option when tied', () => {
    const [arbolado, , parques] = plan;
    const especies = arbolado.questions.find((q) => q.text === 'Especies')!;
    // 'Sí, con plan (antigua)' is worth 5 but obsolete: the maximum is 3, and 'Sí' reaches it.
    expect(especies.best).toEqual([{ id: 3, text: 'Sí', value: 3, chosen: false }]);
    expect(parques.questions[0].best.map((r) => r.text)).toEqual(['Sí', 'Sí, con juegos adaptados']);
  });

  it('suggests every multiple-choice option worth points (their sum is the maximum), marking those already chosen', () => {
    const cuidados = plan[0].questions[0];
    expect(cuidados.best).toEqual([
      { id: 5, text: 'Riego', value: 1, chosen: true },
      { id: 6, text: 'Poda', value: 2, chosen: false },
      { id: 7, text: 'Inventario', value: 2, chosen: false },
    ]);
    expect(cuidados.best.reduce((sum, r) => sum + r.value, 0)).toBe(cuidados.max);
  });

  it('never suggests an obsolete option in a multiple-choice question', () => {
    const sub = {
      id: 1,
      text: 'P',
      type: 'multiple' as const,
      answer: null,
      ...ASKS_NOTHING,
      responses: [
        { id: 1, text: 'Vieja', value: 3, obsolete: true, exclusive: false },
        { id: 2, text: 'Nueva', value: 1, obsolete: false, exclusive: false },
      ],
    };
    expect(bestResponses(sub, 1).map((r) => r.text)).toEqual(['Nueva']);
  });

  it('orders equal measures the same way whatever the order of the questionnaire', () => {
    const fixture = planFixture();
    const reversed: ResultResponse = { ...fixture, answers: { campaign: { indicators: [...fixture.answers.campaign.indicators].reverse() } } };
    expect(improvementPlan(reversed).map((m) => m.measureText)).toEqual(['Arbolado', 'Depuración', 'Parques']);
  });

  it('is empty when no measure is red or amber with points to gain', () => {
    const fixture = planFixture();
    const onlyGreen: ResultResponse = {
      ...fixture,
      answers: { campaign: { indicators: fixture.answers.campaign.indicators.filter((i) => i.measureId >= 200) } },
    };
    expect(improvementPlan(onlyGreen)).toEqual([]);
    expect(improvementPlan(resultFixture())).toEqual([]);
  });

  it('gives one plain row per question, its measure repeated, for a CSV or a spreadsheet', () => {
    const rows = planRows(plan);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toEqual({
      axis: 'Territorio',
      policy: 'Zonas verdes',
      measure: 'Arbolado',
      grade: 'low',
      measureValue: 2,
      measureMax: 8,
      measurePercentage: 0.25,
      measureAvailable: 6,
      indicator: 'Arbolado urbano',
      question: 'Cuidados',
      questionValue: 1,
      questionMax: 5,
      answer: ['Riego'],
      best: ['Riego', 'Poda', 'Inventario'],
    });
    expect(rows[3]).toMatchObject({ measure: 'Parques', question: 'Parque accesible', answer: [] });
  });

  it('writes the CSV in the interface language, percentages 0..100, an unanswered question said in words', () => {
    const rows = csvRowsOf(planTable(plan, planCsvLabels(spanish)));
    expect(rows[0]).toEqual([
      'Eje',
      'Política',
      'Medida',
      'Nivel',
      'Puntos de la medida',
      'Máximo de la medida',
      'Medida (%)',
      'Puntos pendientes',
      'Indicador',
      'Pregunta',
      'Puntos de la pregunta',
      'Máximo de la pregunta',
      'Tu respuesta',
      'Respuesta que más puntúa',
    ]);
    expect(rows[1]).toEqual([
      'Territorio',
      'Zonas verdes',
      'Arbolado',
      'Bajo',
      2,
      8,
      25,
      6,
      'Arbolado urbano',
      'Cuidados',
      1,
      5,
      'Riego',
      'Riego / Poda / Inventario',
    ]);
    expect(rows[4].slice(12)).toEqual(['Sin responder', 'Sí / Sí, con juegos adaptados']);
    const file = reportCsvFile(
      { table: 'plan' },
      {
        entity: 'Ayuntamiento de Prueba',
        year: 2026,
        compareWithParticipants: true,
        blocks: [],
        levels: [],
        ranks: [],
        withheld: null,
        table: null,
        plan,
        answers: null,
      },
      spanish,
    );
    expect(file?.name).toBe('ayuntamiento-de-prueba-campana-2026-plan-de-mejora.csv');
    expect(file?.content).toContain('\r\nTerritorio;Agua;Depuración;Medio;2;4;50;2;Depuración de aguas;Depuradora;0;2;No;Sí\r\n');
    expect(
      reportCsvFile(
        { table: 'plan' },
        { entity: 'X', year: 2026, compareWithParticipants: true, blocks: [], levels: [], ranks: [], withheld: null, table: null, plan: null, answers: null },
        spanish,
      ),
    ).toBeNull();
  });
});
