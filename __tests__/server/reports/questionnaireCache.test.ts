import { QuestionnaireCache, prepareEdition, questionnaireTree, withAnswers } from '../../../src/server/reports/questionnaireCache.js';
import { encodeWithRaw, rawSlot } from '../../../src/server/reports/rawJson.js';
import type { AnswerNotes, AnswerVersion, IndicatorGroup, Subindicator } from '../../../src/shared/api/campaigns.js';
import { ASKS_NOTHING } from '../../helpers/questions.js';
import { PackedAnswers } from '../../../src/server/reports/packedAnswers.js';

const sub = (id: number, type: Subindicator['type'] = 'single'): Subindicator => ({
  id,
  text: `Pregunta ${id} "con comillas", ñ y acentos: á`,
  type,
  ...ASKS_NOTHING,
  responses: [
    { id: id * 10 + 1, text: 'Sí', value: 2, obsolete: false, exclusive: false },
    { id: id * 10 + 2, text: 'No', value: 0, obsolete: false, exclusive: false },
  ],
  answer: null,
});

/** Two axes; axis 1 has policies 11 and 12, policy 11 two measures. */
const indicators = (): IndicatorGroup[] => [
  {
    id: 1,
    text: 'I1',
    axisId: 1,
    axisText: 'Eje 1',
    policyId: 11,
    policyText: 'Política 11',
    measureId: 111,
    measureText: 'Medida 111',
    competenceId: null,
    subindicators: [sub(1), sub(2, 'multiple')],
  },
  {
    id: 2,
    text: 'I2',
    axisId: 1,
    axisText: 'Eje 1',
    policyId: 11,
    policyText: 'Política 11',
    measureId: 112,
    measureText: 'Medida 112',
    competenceId: 7,
    subindicators: [sub(3)],
  },
  {
    id: 3,
    text: 'I3',
    axisId: 1,
    axisText: 'Eje 1',
    policyId: 12,
    policyText: 'Política 12',
    measureId: 121,
    measureText: 'Medida 121',
    competenceId: null,
    subindicators: [],
  },
  {
    id: 4,
    text: 'I4',
    axisId: 2,
    axisText: 'Eje 2',
    policyId: 21,
    policyText: 'Política 21',
    measureId: 211,
    measureText: 'Medida 211',
    competenceId: null,
    subindicators: [sub(4)],
  },
];

describe('edition questionnaire', () => {
  it('builds the axis / policy / measure tree in questionnaire order', () => {
    expect(questionnaireTree(indicators())).toEqual([
      {
        id: 1,
        text: 'Eje 1',
        policies: [
          {
            id: 11,
            text: 'Política 11',
            measures: [
              { id: 111, text: 'Medida 111' },
              { id: 112, text: 'Medida 112' },
            ],
          },
          { id: 12, text: 'Política 12', measures: [{ id: 121, text: 'Medida 121' }] },
        ],
      },
      { id: 2, text: 'Eje 2', policies: [{ id: 21, text: 'Política 21', measures: [{ id: 211, text: 'Medida 211' }] }] },
    ]);
  });

  it('gives each campaign its own answers and leaves the cached questionnaire untouched', () => {
    const edition = prepareEdition(indicators());
    const first = withAnswers(
      edition.indicators,
      new Map([
        [1, [11]],
        [2, [21, 22]],
      ]),
    );
    const second = withAnswers(
      edition.indicators,
      new Map([
        [1, [12]],
        [4, [41]],
      ]),
    );
    const answersOf = (list: IndicatorGroup[]) => list.flatMap((i) => i.subindicators.map((s) => [s.id, s.answer]));
    expect(answersOf(first)).toEqual([
      [1, [11]],
      [2, [21, 22]],
      [3, null],
      [4, null],
    ]);
    expect(answersOf(second)).toEqual([
      [1, [12]],
      [2, null],
      [3, null],
      [4, [41]],
    ]);
    expect(answersOf([...edition.indicators])).toEqual([
      [1, null],
      [2, null],
      [3, null],
      [4, null],
    ]);
    expect(() => {
      (edition.indicators[0].subindicators[0] as { answer: unknown }).answer = [11];
    }).toThrow(TypeError);
  });

  it('lists the questions for scoring with their place in the tree, and finds a question of the edition by id', () => {
    const edition = prepareEdition(indicators());
    expect(edition.scored.map((s) => [s.id, s.type, s.axisId, s.policyId, s.measureId, s.responses.map((r) => [r.id, r.value, r.obsolete])])).toEqual([
      [
        1,
        'single',
        1,
        11,
        111,
        [
          [11, 2, false],
          [12, 0, false],
        ],
      ],
      [
        2,
        'multiple',
        1,
        11,
        111,
        [
          [21, 2, false],
          [22, 0, false],
        ],
      ],
      [
        3,
        'single',
        1,
        11,
        112,
        [
          [31, 2, false],
          [32, 0, false],
        ],
      ],
      [
        4,
        'single',
        2,
        21,
        211,
        [
          [41, 2, false],
          [42, 0, false],
        ],
      ],
    ]);
    expect(edition.subindicator(2)?.type).toBe('multiple');
    expect(edition.subindicator(99)).toBeUndefined();
  });

  it('encodes the answered indicators, with their notes in any text, exactly as JSON.stringify would', () => {
    const edition = prepareEdition(indicators());
    const notes = new Map<number, AnswerNotes>([
      [
        2,
        {
          comment: 'Año 2025: 1.200 € de inversión 🌱\n"citado" y \\ barra',
          notApplicable: null,
          evidence: [
            {
              id: 7,
              kind: 'link',
              url: 'https://ayto.example/pla%C3%B1',
              title: 'Plan de acción ñ',
              addedBy: 'tecnica@ayto.es',
              addedAt: '2026-11-29T10:00:00Z',
            },
          ],
          prefilled: true,
        },
      ],
      [3, { comment: null, notApplicable: { reason: 'No hay playas en el municipio' }, evidence: [], prefilled: false }],
    ]);
    for (const [answers, notesOf] of [
      [new Map<number, number[]>(), new Map<number, AnswerNotes>()],
      [
        new Map([
          [1, [12]],
          [2, [21, 22]],
          [4, [42]],
        ]),
        notes,
      ],
    ] as const) {
      const json = edition.indicatorsJson(answers, notesOf).toString('utf8');
      expect(json).toBe(JSON.stringify(withAnswers(edition.indicators, answers, notesOf)));
      // The same answers as a kept campaign part holds them.
      expect(edition.indicatorsJson(PackedAnswers.of(answers), notesOf).toString('utf8')).toBe(json);
      const body = encodeWithRaw({ response: { campaign: { indicators: rawSlot<IndicatorGroup[]>() } } }, edition.indicatorsJson(answers, notesOf));
      expect(JSON.parse(body.toString('utf8'))).toEqual({ response: { campaign: { indicators: withAnswers(edition.indicators, answers, notesOf) } } });
    }
    const sub2 = JSON.parse(edition.indicatorsJson(new Map(), notes).toString('utf8'))[0].subindicators[1];
    expect(sub2.comment).toBe('Año 2025: 1.200 € de inversión 🌱\n"citado" y \\ barra');
    expect(sub2.prefilled).toBe(true);
  });

  it("writes each answer's version and latest change where given (campaigns/get), 0 and null elsewhere, as JSON.stringify would", () => {
    const edition = prepareEdition(indicators());
    const answers = new Map([[1, [12]]]);
    const versions = new Map<number, AnswerVersion>([
      [1, { version: 41, lastChange: { userEmail: 'técnica@ayto.es', at: '2026-03-02T09:15:00.000Z' } }],
      [3, { version: 0, lastChange: { userEmail: 'otra@ayto.es', at: '2026-03-03T10:00:00.000Z' } }],
    ]);
    const json = edition.indicatorsJson(answers, new Map(), undefined, versions).toString('utf8');
    expect(json).toBe(JSON.stringify(withAnswers(edition.indicators, answers, new Map(), new Map(), versions)));
    const subs = (JSON.parse(json) as IndicatorGroup[]).flatMap((i) => i.subindicators);
    expect(subs.map((s) => [s.id, s.version, s.lastChange?.userEmail ?? null])).toEqual([
      [1, 41, 'técnica@ayto.es'],
      [2, 0, null],
      [3, 0, 'otra@ayto.es'],
      [4, 0, null],
    ]);
    const withoutVersions = JSON.parse(edition.indicatorsJson(answers, new Map()).toString('utf8')) as IndicatorGroup[];
    expect(withoutVersions.flatMap((i) => i.subindicators.map((s) => [s.version, s.lastChange]))).toEqual(Array(4).fill([0, null]));
  });
});

describe('questionnaire cache', () => {
  const loader = () => {
    const calls: number[] = [];
    const load = async (editionId: number) => {
      calls.push(editionId);
      return indicators().map((i) => ({ ...i, text: `${i.text} (edición ${editionId}, carga ${calls.length})` }));
    };
    return { calls, load };
  };

  it('loads each edition once, even for concurrent first calls', async () => {
    const { calls, load } = loader();
    const cache = new QuestionnaireCache(load);
    const [a, b, c] = await Promise.all([cache.get(1, '1,2'), cache.get(1, '1,2'), cache.get(2, '1,2')]);
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    expect(await cache.get(1, '1,2')).toBe(a);
    expect(calls).toEqual([1, 2]);
  });

  it('drops every edition when the catalogue version changes (an import may rename categories)', async () => {
    const { calls, load } = loader();
    const cache = new QuestionnaireCache(load);
    const before = await cache.get(1, '1,2');
    const after = await cache.get(1, '1,2,3');
    expect(after).not.toBe(before);
    expect(after.indicators[0].text).toBe('I1 (edición 1, carga 2)');
    expect(calls).toEqual([1, 1]);
  });

  it('reads an edition missing inside a transaction through that transaction, never waiting for a load elsewhere', async () => {
    // On PGlite a load through the pool waits for the transaction in progress: waiting for it there would never end.
    const through: unknown[] = [];
    const tx = { query: async () => [] };
    const cache = new QuestionnaireCache((editionId, q) => {
      through.push(q);
      return q ? Promise.resolve(indicators()) : new Promise<IndicatorGroup[]>(() => undefined);
    });
    void cache.get(1, 'v');
    const inTransaction = await cache.get(1, 'v', tx);
    expect(inTransaction.indicators).toHaveLength(4);
    expect(through).toEqual([undefined, tx]);
    // Once loaded, every caller gets it without reading again, in a transaction or not.
    expect(await cache.get(1, 'v')).toBe(inTransaction);
    expect(await cache.get(1, 'v', tx)).toBe(inTransaction);
    expect(through).toHaveLength(2);
  });

  it('forgets a failed load so that the next call tries again', async () => {
    let fail = true;
    const cache = new QuestionnaireCache(async () => {
      if (fail) throw new Error('database down');
      return indicators();
    });
    await expect(cache.get(1, 'v')).rejects.toThrow('database down');
    fail = false;
    expect((await cache.get(1, 'v')).indicators).toHaveLength(4);
  });
});
