import {
  composeAssigneeReminderMail,
  composeAssignedMail,
  composeComplaintMail,
  composeCorrectionsMail,
  composeInvitationMail,
  composeMail,
  composeObjectionResolvedMail,
  composeResetMail,
  composeSentMail,
  type MailContent,
} from '../../../src/server/services/mail/templates.js';
import { LANGUAGES, type Language } from '../../../src/shared/constants.js';
import { eachLimited, refusalReason } from '../../../src/server/services/mail/sender.js';
import { loadConfig, type ConfigError, redactUrl } from '../../../src/server/config.js';

const context = { edition: 2027, entities: ['Ayuntamiento de Vic', 'Consell <Comarcal>'], publicUrl: 'https://campanas.example.org' };

describe('the cycle e-mails', () => {
  it('speak each language, name the entities and link to the app in text and HTML', () => {
    expect(composeMail('reminder', 'es', context).subject).toBe('Recordatorio: campaña 2027 pendiente');
    expect(composeMail('open', 'es', context).subject).toBe('Campaña 2027 abierta');
    expect(composeMail('open', 'en', context).subject).toBe('Campaign 2027 is open');
    expect(composeMail('reminder', 'ca', context).text).toContain("encara no s'ha enviat");
    expect(composeMail('reminder', 'va', context).text).toContain('Vos recordem');
    const es = composeMail('open', 'es', context);
    expect(es.text).toContain('Ayuntamiento de Vic y Consell <Comarcal>');
    expect(es.text).toContain('https://campanas.example.org/');
    expect(es.html).toContain('Consell &#60;Comarcal&#62;');
    expect(es.html).not.toContain('<Comarcal>');
  });

  it('never reports the SMTP password in a refusal', () => {
    const err = Object.assign(new Error('Invalid login for user:topsecret'), { response: '535 bad auth topsecret' });
    expect(refusalReason(err, 'smtp://user:topsecret@mail.example.org:587')).toBe('535 bad auth ***');
  });

  it('keeps at most the given number of sends in flight', async () => {
    let running = 0;
    let most = 0;
    await eachLimited([...Array(10).keys()], 3, async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      running -= 1;
    });
    expect(most).toBe(3);
  });
});

describe('the corrections e-mail', () => {
  const asked = {
    edition: 2027,
    entity: 'Consell <Comarcal> & Cía',
    campaignId: 42,
    message: 'Falta el acta <b>firmada</b>\ny la fecha & el sello',
    marked: 2,
    publicUrl: 'https://campanas.example.org',
  };
  const link = 'https://campanas.example.org/my-campaigns/42';

  it('speaks each language, with the subject, the count and the link to the questionnaire', () => {
    const subjects = Object.fromEntries((['es', 'en', 'ca', 'va'] as const).map((l) => [l, composeCorrectionsMail(l, asked).subject]));
    expect(subjects).toEqual({
      es: 'Correcciones pedidas en la Campaña 2027 de Consell <Comarcal> & Cía',
      en: 'Corrections requested on Campaign 2027 of Consell <Comarcal> & Cía',
      ca: 'Correccions demanades a la Campanya 2027 de Consell <Comarcal> & Cía',
      va: 'Correccions demanades a la Campanya 2027 de Consell <Comarcal> & Cía',
    });
    expect(composeCorrectionsMail('es', asked).text).toContain('Hay 2 respuestas marcadas para corregir.');
    expect(composeCorrectionsMail('es', { ...asked, marked: 1 }).text).toContain('Hay 1 respuesta marcada para corregir.');
    expect(composeCorrectionsMail('en', asked).text).toContain('2 answers are marked to be corrected.');
    expect(composeCorrectionsMail('ca', asked).text).toContain('Hi ha 2 respostes marcades per corregir. Corregiu aquestes respostes');
    expect(composeCorrectionsMail('va', asked).text).toContain('Hi ha 2 respostes marcades per a corregir. Corregiu estes respostes');
    for (const language of ['es', 'en', 'ca', 'va'] as const) {
      const mail = composeCorrectionsMail(language, asked);
      expect(mail.text).toContain(`: ${link}\n`);
      expect(mail.html).toContain(`<a href="${link}">`);
      expect(mail.text).toContain('Consell <Comarcal> & Cía');
    }
  });

  it('quotes the message as written in the text and escaped in the HTML', () => {
    const { text, html } = composeCorrectionsMail('es', asked);
    expect(text).toContain('> Falta el acta <b>firmada</b>\n> y la fecha & el sello\n');
    expect(html).toContain('<blockquote>Falta el acta &#60;b&#62;firmada&#60;/b&#62;<br>y la fecha &#38; el sello</blockquote>');
    expect(html).toContain('Consell &#60;Comarcal&#62; &#38; Cía');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<Comarcal>');
  });
});

describe('the e-mail of a resolved objection', () => {
  const resolved = {
    edition: 2027,
    entity: 'Consell <Comarcal>',
    campaignId: 42,
    question: '¿Dispone de plan de movilidad?',
    accepted: true,
    reason: 'Se acepta: el plan\nestá <b>aprobado</b>',
    publicUrl: 'https://campanas.example.org',
  };

  it('says the decision in each language, quotes the reason escaped and says what follows, with the link', () => {
    const subjects = (accepted: boolean) =>
      Object.fromEntries((['es', 'en', 'ca', 'va'] as const).map((l) => [l, composeObjectionResolvedMail(l, { ...resolved, accepted }).subject]));
    expect(subjects(true)).toEqual({
      es: 'Alegación aceptada en la Campaña 2027 de Consell <Comarcal>',
      en: 'Objection accepted on Campaign 2027 of Consell <Comarcal>',
      ca: 'Al·legació acceptada a la Campanya 2027 de Consell <Comarcal>',
      va: 'Al·legació acceptada a la Campanya 2027 de Consell <Comarcal>',
    });
    expect(subjects(false).es).toBe('Alegación rechazada en la Campaña 2027 de Consell <Comarcal>');
    const accepted = composeObjectionResolvedMail('es', resolved);
    expect(accepted.text).toContain('Se ha aceptado la alegación a la pregunta «¿Dispone de plan de movilidad?» de la Campaña 2027');
    expect(accepted.text).toContain('> Se acepta: el plan\n> está <b>aprobado</b>\n');
    expect(accepted.text).toContain('Puede corregir esa respuesta y volver a enviar el cuestionario.');
    expect(accepted.text).toContain(': https://campanas.example.org/my-campaigns/42\n');
    expect(accepted.html).toContain('<blockquote>Se acepta: el plan<br>está &#60;b&#62;aprobado&#60;/b&#62;</blockquote>');
    expect(accepted.html).not.toContain('<b>');
    const refused = composeObjectionResolvedMail('va', { ...resolved, accepted: false });
    expect(refused.text).toContain("s'ha rebutjat");
    expect(refused.text).toContain('La resposta queda com estava.');
  });
});

describe("the team's e-mails", () => {
  const about = { edition: 2026, entity: 'Mancomunidad <Ribera> & Co', campaignId: 12, publicUrl: 'https://indicadores.example.es' };

  it('tell a member, in each language, which axis was assigned to them and by whom, with the questionnaire link, escaped in the HTML', () => {
    const subjects = (['es', 'en', 'ca', 'va'] as const).map((language) => {
      const mail = composeAssignedMail(language, { ...about, axis: 'Energía y clima', by: 'Marta Pons' });
      expect(mail.text).toContain('Marta Pons');
      expect(mail.text).toContain('https://indicadores.example.es/my-campaigns/12');
      expect(mail.html).toContain('Mancomunidad &#60;Ribera&#62; &#38; Co');
      expect(mail.html).not.toContain('<Ribera>');
      return mail.subject;
    });
    expect(subjects).toEqual([
      'Se te ha asignado «Energía y clima» · Campaña 2026 de Mancomunidad <Ribera> & Co',
      '“Energía y clima” assigned to you · Campaign 2026 of Mancomunidad <Ribera> & Co',
      "T'han assignat «Energía y clima» · Campanya 2026 de Mancomunidad <Ribera> & Co",
      "T'han assignat «Energía y clima» · Campanya 2026 de Mancomunidad <Ribera> & Co",
    ]);
    expect(composeAssignedMail('va', { ...about, axis: 'A', by: 'B' }).text).toContain('les seues preguntes');
    // One policy of an axis: named with its axis.
    const policy = { ...about, axis: 'Energía y clima', policy: 'Movilidad', by: 'Marta Pons' };
    expect(composeAssignedMail('es', policy).subject).toBe('Se te ha asignado «Movilidad» · Campaña 2026 de Mancomunidad <Ribera> & Co');
    expect(composeAssignedMail('es', policy).text).toContain('te ha asignado la política «Movilidad» del eje «Energía y clima»');
    expect(composeAssignedMail('en', policy).text).toContain('the policy “Movilidad” of the axis “Energía y clima”');
    expect(composeAssignedMail('ca', policy).text).toContain("la política «Movilidad» de l'eix «Energía y clima»");
  });

  it('tell every member, in each language, who signed and when, with the receipt, where to verify it and the results link', () => {
    const receipt = { signer: 'firma@ayto.es', moment: '2026-03-12 10:14', code: 'a'.repeat(32), sha256: 'b'.repeat(64) };
    for (const language of ['es', 'en', 'ca', 'va'] as const) {
      const mail = composeSentMail(language, { ...about, ...receipt });
      for (const said of ['firma@ayto.es', '12/03/2026 10:14', receipt.code, receipt.sha256, `https://indicadores.example.es/verificar/${receipt.code}`])
        expect(mail.text).toContain(said);
      expect(mail.html).toContain('<a href="https://indicadores.example.es/results/12">');
    }
    expect(composeSentMail('es', { ...about, ...receipt }).subject).toBe('Campaña 2026 de Mancomunidad <Ribera> & Co enviada');
  });
});

describe('every e-mail in every language', () => {
  const about = { edition: 2026, entity: 'Mancomunidad Ribera', campaignId: 12, publicUrl: 'https://indicadores.example.es' };
  /** Each e-mail the server writes, in the language. */
  const everyMail = (language: Language): Record<string, MailContent> => ({
    open: composeMail('open', language, context),
    reminder: composeMail('reminder', language, context),
    reset: composeResetMail(language, 'https://indicadores.example.es/auth/reset-password?token=x'),
    corrections: composeCorrectionsMail(language, { ...about, message: 'Falta el acta', marked: 2 }),
    objection: composeObjectionResolvedMail(language, { ...about, accepted: true, reason: 'Conforme', question: 'Q1' }),
    assigned: composeAssignedMail(language, { ...about, axis: 'Energía', by: 'Marta' }),
    sent: composeSentMail(language, { ...about, signer: 'firma@ayto.es', moment: '2026-03-12 10:14', code: 'a'.repeat(32), sha256: 'b'.repeat(64) }),
    assigneeReminder: composeAssigneeReminderMail(language, {
      ...about,
      daysBefore: 7,
      closesOn: '2026-03-20',
      parts: [{ axis: 'Energía', answered: 1, total: 4 }],
    }),
    invitation: composeInvitationMail(language, { entity: 'Mancomunidad Ribera', by: 'Marta', role: 'colaborador', publicUrl: about.publicUrl }),
    complaint: composeComplaintMail(language, { email: 'vecina@ejemplo.es', text: 'No se lee', publicUrl: about.publicUrl }),
  });
  const spanish = everyMail('es');

  // A subject may read the same ('Campaña 2026 de X enviada' is Galician too); a letter's text never does.
  it.each(LANGUAGES.filter((language) => language !== 'es'))('writes each one in %s, none left in Spanish', (language) => {
    const mails = everyMail(language);
    for (const [kind, mail] of Object.entries(mails)) expect([kind, mail.text === spanish[kind].text]).toEqual([kind, false]);
  });

  it("quotes a complaint's words apart from the application's, escaped in the HTML", () => {
    const mail = composeComplaintMail('es', { email: 'a@b.es', text: 'Primera línea\n<a href="x">Pulse aquí</a>', publicUrl: 'https://x.es' });
    expect(mail.text).toContain('> Primera línea\n> <a href="x">Pulse aquí</a>\n');
    expect(mail.html).toContain('<blockquote>Primera línea<br>&#60;a href=&#34;x&#34;&#62;Pulse aquí&#60;/a&#62;</blockquote>');
  });

  it('speaks Galician and Basque as their speakers write an administrative letter', () => {
    expect(composeMail('open', 'gl', context).subject).toBe('Campaña 2027 aberta');
    expect(composeResetMail('gl', 'https://x.es').subject).toBe('Restablecer o teu contrasinal');
    expect(composeComplaintMail('gl', { email: 'a@b.es', text: 't', publicUrl: 'https://x.es' }).subject).toBe('Nova queixa de accesibilidade');
    expect(composeMail('open', 'eu', { ...context, entities: ['A', 'B', 'C'] }).text).toContain('A, B eta C');
    expect(composeComplaintMail('eu', { email: 'a@b.es', text: 't', publicUrl: 'https://x.es' }).subject).toBe('Irisgarritasun-kexa berria');
  });
});

describe('SMTP configuration', () => {
  it('is off without SMTP_URL, and takes smtp(s) URLs with a default sender', () => {
    expect(loadConfig({}).smtp).toBeNull();
    expect(loadConfig({ SMTP_URL: 'smtp://u:p@mail.example.org:587', PUBLIC_URL: 'https://campanas.example.org' }).smtp).toEqual({
      url: 'smtp://u:p@mail.example.org:587',
      from: 'no-reply@campanas.example.org',
    });
    expect(loadConfig({ SMTP_URL: 'smtps://mail.example.org', SMTP_FROM: 'Campañas <c@example.org>' }).smtp?.from).toBe('Campañas <c@example.org>');
  });

  it('refuses other URLs without ever showing the password', () => {
    let problem: ConfigError | undefined;
    try {
      loadConfig({ SMTP_URL: 'http://user:hunter22@mail.example.org' });
    } catch (err) {
      problem = err as ConfigError;
    }
    expect(problem?.message).toContain('SMTP_URL must start with smtp://');
    expect(problem?.message).not.toContain('hunter22');
    expect(redactUrl('smtp://user:hunter22@mail.example.org:587')).toBe('smtp://user:***@mail.example.org:587');
  });
});
