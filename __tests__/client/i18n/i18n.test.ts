import fs from 'node:fs';
import path from 'node:path';
import { createIntl, type MessageFormatElement } from 'react-intl';
import { INTL_FORMATS, INTL_LOCALES } from '../../../src/client/i18n/messages.js';
import { MESSAGES } from '../../helpers/messages.js';
import { buildValencian } from '../../../src/server/cli/i18nValencian.js';
import { formatCalendarDate } from '../../../src/client/lib/dates.js';
import { compileCatalogue } from '../../../build/messagesLoader.mjs';
import { LANGUAGES } from '../../../src/shared/constants.js';

const read = (name: string) => JSON.parse(fs.readFileSync(path.resolve('i18n', name), 'utf8'));

/** A value for every argument of every message. */
const sampleValues = {
  when: '10:00',
  language: 'Català',
  header: 'Puntos',
  row: 4,
  copied: 3,
  changed: 2,
  question: '¿Pregunta?',
  who: 'tecnica@ayto.es',
  min: 3,
  position: 1,
  of: 2,
  territories: 'X',
  rest: 'A',
  last: 'B',
  sizes: 'n = 2',
  band: 'B',
  status: 404,
  page: 1,
  pages: 2,
  count: 3,
  entity: 'X',
  email: 'x@y.es',
  name: 'Y',
  answered: 1,
  total: 2,
  title: 'T',
  year: 2026,
  moment: '3 de marzo de 2026, 10:14',
  signer: 'firma@ayto.es',
  field: 'value',
  item: 'E1.P1',
  expected: 'string',
  depth: 40,
  line: 3,
  column: 12,
  values: 20000,
  list: 1000,
  sheet: 'Cuestionario',
  options: 'Sí, No',
  answer: '«Sí»',
  comment: 'Aprobado en pleno',
  campaign: 'Campaña 2026',
  edition: '2026',
  n: 2,
  level: 'Provincia',
  kind: 'Resultados',
  current: 'Campaña 2026',
  previous: 'Campaña 2025',
  axis: 'Territorio',
  policy: 'Agua',
  points: '2',
  value: '1',
  max: '3',
  date: '31 de marzo de 2027',
  days: 12,
  actor: 'admin@demo.es',
  reason: 'Motivo',
  toCreate: '2.691',
  existing: '36',
  existingCount: 36,
  created: 2,
  notStarted: 1,
  unfinished: 2,
  users: 3,
  code: (chunks: string[]) => chunks.join(''),
  axes: 1,
  policies: 2,
  measures: 3,
  questions: 4,
  before: 1,
  after: 2,
  sent: 3,
  registered: 5,
  draft: 1,
  rate: '60 %',
  mean: '62 %',
  percent: 45,
  participants: 4,
  province: 'Madrid',
  provinces: 'Madrid',
  names: 'Getafe',
  more: 2,
  criteria: 'El acuerdo de aprobación',
  pending: 14,
  changesRequested: 3,
  validated: 120,
  ok: 2,
  fix: 1,
  marked: 3,
  toFix: 1,
  message: 'Revise el enlace',
  community: 'Comunidad de Madrid',
  percentage: '87,3%',
};

describe('locale catalogues', () => {
  it('have identical keys in every language of the list, and a catalogue file for each', () => {
    const keys = (lang: keyof typeof MESSAGES) => Object.keys(MESSAGES[lang]).sort();
    for (const language of LANGUAGES) expect([language, keys(language)]).toEqual([language, keys('es')]);
    const files = fs
      .readdirSync(path.resolve('i18n'))
      .filter((name) => /^[a-z]+\.json$/.test(name))
      .map((name) => name.replace('.json', ''));
    expect(files.sort()).toEqual([...LANGUAGES].sort());
  });

  it('derive Valencian from Catalan and its overrides', () => {
    expect(read('va.json')).toEqual(buildValencian(read('ca.json'), read('va.overrides.json')));
    expect(() => buildValencian({ a: 'x' }, { b: 'y' })).toThrow('b');
  });

  it('keep the specification texts exact in Spanish', () => {
    expect(MESSAGES.es).toMatchObject({
      'AUTH.VALIDATION.REQUIRED_FIELD': 'Campo obligatorio',
      'AUTH.LOGIN.INVALID': 'El usuario o la contraseña no son correctos.',
      'ROLES.ADMIN': 'Super Administrador',
      'ROLES.FEC': 'Administrador',
      'ROLES.UNKNOWN': 'Rol desconocido',
      'MENU.MY_CAMPAIGNS': 'Mis Campañas',
      'TRANSPORT.HTTP_ERROR': '{status} Error',
    });
  });

  it('address the user as tú in Spanish, and say "teva" in Catalan', () => {
    // Formal imperatives and possessives (usted) crept into a few Spanish texts; the rest of the app says tú.
    const formal = /\b(Elija|Seleccione|Pulse|pulse|Introduzca|Escriba|Compruebe|Vuelva|vuelva|Inténtelo|Espere|Revise|Asegúrese|Indique|usted)\b/;
    expect(Object.entries(MESSAGES.es).filter(([, text]) => formal.test(String(text)))).toEqual([]);
    // 'teua' is Valencian; Catalan says 'teva'.
    expect(Object.entries(MESSAGES.ca).filter(([, text]) => /\bteua\b/.test(String(text)))).toEqual([]);
  });

  it('parse as ICU messages in every language', () => {
    for (const [language, messages] of Object.entries(MESSAGES)) {
      const locale = INTL_LOCALES[language as keyof typeof INTL_LOCALES];
      const intl = createIntl({
        locale,
        messages,
        formats: INTL_FORMATS,
        onError: (err) => {
          throw err;
        },
      });
      for (const id of Object.keys(messages)) expect(typeof intl.formatMessage({ id }, sampleValues)).toBe('string');
    }
  });

  it('format alike compiled at build time (the built client) and parsed in the browser', () => {
    for (const [language, messages] of Object.entries(MESSAGES)) {
      const locale = INTL_LOCALES[language as keyof typeof INTL_LOCALES];
      const compiled = JSON.parse(compileCatalogue(JSON.stringify(messages), `i18n/${language}.json`)) as Record<string, MessageFormatElement[]>;
      expect(Object.keys(compiled)).toEqual(Object.keys(messages));
      const onError = (err: unknown) => {
        throw err;
      };
      const parsed = createIntl({ locale, messages, formats: INTL_FORMATS, onError });
      const built = createIntl({ locale, messages: compiled, formats: INTL_FORMATS, onError });
      // Compared once a language (a difference is shown with its message's id and count): an expect a message and
      // count took most of this test's time.
      const texts = (intl: typeof parsed) =>
        Object.keys(messages).flatMap((id) =>
          [0, 1, 2, 1234].map((n) => `${id} (${n}): ${intl.formatMessage({ id }, { ...sampleValues, n, count: n, days: n, total: n })}`),
        );
      expect(texts(built)).toEqual(texts(parsed));
    }
  });

  it('stop the build at a message that is not ICU syntax, naming it', () => {
    expect(() => compileCatalogue(JSON.stringify({ 'A.OK': 'Hola {name}', 'A.BROKEN': 'Hola {name' }), 'i18n/es.json')).toThrow('A.BROKEN');
  });
});

describe('calendar dates', () => {
  // Moments are read on Madrid's calendar (UTC+1 in November), whatever the time zone the test runs in.
  const now = new Date('2026-11-23T11:00:00Z');
  it.each([
    ['es-ES', 'es', 'Hoy', 'Ayer'],
    ['en-GB', 'en', 'Today', 'Yesterday'],
    ['ca-ES', 'ca', 'Avui', 'Ahir'],
    ['ca-ES-valencia', 'va', 'Avui', 'Ahir'],
  ] as const)('say today and yesterday in %s', (locale, lang, today, yesterday) => {
    const intl = createIntl({ locale, messages: MESSAGES[lang] });
    expect(formatCalendarDate(intl, new Date('2026-11-23T07:30:00Z'), now)).toBe(today);
    expect(formatCalendarDate(intl, new Date('2026-11-22T22:59:00Z'), now)).toBe(yesterday);
    // 23:30 UTC on the 21st is already the 22nd in Madrid.
    expect(formatCalendarDate(intl, new Date('2026-11-21T23:30:00Z'), now)).toBe(yesterday);
  });

  it('format older dates the Spanish way and leave missing ones empty', () => {
    const intl = createIntl({ locale: 'es-ES', messages: MESSAGES.es });
    expect(formatCalendarDate(intl, new Date('2026-03-05T10:00:00Z'), now)).toBe('05/03/2026');
    expect(formatCalendarDate(intl, '2026-03-04T23:30:00Z', now)).toBe('05/03/2026');
    expect(formatCalendarDate(intl, null, now)).toBe('');
  });
});
