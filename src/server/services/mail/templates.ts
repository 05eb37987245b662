/**
 * The e-mails of the yearly cycle, in the four languages of the app: a subject, a plain-text body and a simple
 * HTML body. Pure: the caller passes the app's address and the entities' names.
 */
import type { Language } from '../../../shared/constants.js';

export type MailLanguage = Language;
export type MailKind = 'open' | 'reminder';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface MailContext {
  edition: number;
  entities: readonly string[];
  publicUrl: string;
}

/** What every cycle e-mail of a language shares. */
interface Common {
  greeting: string;
  action: string;
  closing: string;
  /** The word that joins the last two names of a list ('A, B y C'). */
  and: string;
}

/** What each kind of cycle e-mail says. */
interface Wording {
  subject: (edition: number) => string;
  lead: (edition: number, entities: string) => string;
}

type Body = { common: Common } & Record<MailKind, Wording>;

const CATALAN: Body = {
  common: { greeting: 'Hola,', action: "Accedir a l'aplicació", closing: 'Salutacions.', and: 'i' },
  open: {
    subject: (e) => `Campanya ${e} oberta`,
    lead: (e, list) => `Ja és oberta la campanya ${e} de ${list}. Podeu començar a respondre el qüestionari quan vulgueu.`,
  },
  reminder: {
    subject: (e) => `Recordatori: campanya ${e} pendent`,
    lead: (e, list) => `La campanya ${e} de ${list} encara no s'ha enviat. Us recordem que heu de completar i enviar el qüestionari.`,
  },
};

const BODY: Record<MailLanguage, Body> = {
  es: {
    common: { greeting: 'Hola:', action: 'Acceder a la aplicación', closing: 'Un saludo.', and: 'y' },
    open: {
      subject: (e) => `Campaña ${e} abierta`,
      lead: (e, list) => `Ya está abierta la campaña ${e} de ${list}. Puede empezar a responder el cuestionario cuando quiera.`,
    },
    reminder: {
      subject: (e) => `Recordatorio: campaña ${e} pendiente`,
      lead: (e, list) => `La campaña ${e} de ${list} aún no está enviada. Le recordamos que debe completar y enviar el cuestionario.`,
    },
  },
  en: {
    common: { greeting: 'Hello,', action: 'Go to the application', closing: 'Kind regards.', and: 'and' },
    open: {
      subject: (e) => `Campaign ${e} is open`,
      lead: (e, list) => `Campaign ${e} of ${list} is now open. You can start answering the questionnaire whenever you like.`,
    },
    reminder: {
      subject: (e) => `Reminder: campaign ${e} pending`,
      lead: (e, list) => `Campaign ${e} of ${list} has not been sent yet. Please complete and send the questionnaire.`,
    },
  },
  ca: CATALAN,
  // Valencian: Catalan with the Valencian forms (as i18n/va.overrides.json does for the interface's words).
  va: {
    ...CATALAN,
    open: { ...CATALAN.open, lead: (e, list) => `Ja està oberta la campanya ${e} de ${list}. Podeu començar a respondre el qüestionari quan vulgueu.` },
    reminder: {
      ...CATALAN.reminder,
      lead: (e, list) => `La campanya ${e} de ${list} encara no s'ha enviat. Vos recordem que heu de completar i enviar el qüestionari.`,
    },
  },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The names as one phrase in the language ('A, B y C'). */
function listOf(names: readonly string[], language: MailLanguage): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} ${BODY[language].common.and} ${names[names.length - 1]}`;
}

/** One e-mail of the given kind in the language, linking to the app's address. */
export function composeMail(kind: MailKind, language: MailLanguage, context: MailContext): MailContent {
  const w = { ...BODY[language].common, ...BODY[language][kind] };
  const list = listOf(context.entities, language);
  const lead = w.lead(context.edition, list);
  const link = `${context.publicUrl}/`;
  return {
    subject: w.subject(context.edition),
    text: `${w.greeting}\n\n${lead}\n\n${w.action}: ${link}\n\n${w.closing}\n`,
    html: `<p>${escapeHtml(w.greeting)}</p><p>${escapeHtml(lead)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(w.action)}</a></p><p>${escapeHtml(w.closing)}</p>`,
  };
}

const RESET: Record<MailLanguage, { subject: string; greeting: string; lead: string; action: string; note: string; closing: string }> = {
  es: {
    subject: 'Restablecer tu contraseña',
    greeting: 'Hola:',
    lead: 'Alguien (seguramente tú) ha pedido restablecer la contraseña de tu cuenta en Campañas de indicadores.',
    action: 'Elegir una contraseña nueva',
    note: 'El enlace sirve una sola vez y caduca en 1 hora. Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambia.',
    closing: 'Un saludo.',
  },
  en: {
    subject: 'Reset your password',
    greeting: 'Hello,',
    lead: 'Someone (probably you) asked to reset the password of your account in Indicator campaigns.',
    action: 'Choose a new password',
    note: 'The link works once and expires in 1 hour. If you did not ask for it, ignore this message: your password does not change.',
    closing: 'Kind regards.',
  },
  ca: {
    subject: 'Restableix la contrasenya',
    greeting: 'Hola,',
    lead: "Algú (segurament tu) ha demanat restablir la contrasenya del teu compte a Campanyes d'indicadors.",
    action: 'Tria una contrasenya nova',
    note: "L'enllaç serveix una sola vegada i caduca d'aquí a 1 hora. Si no ho has demanat tu, ignora aquest missatge: la contrasenya no canvia.",
    closing: 'Salutacions.',
  },
  va: {
    subject: 'Restableix la contrasenya',
    greeting: 'Hola,',
    lead: "Algú (segurament tu) ha demanat restablir la contrasenya del teu compte a Campanyes d'indicadors.",
    action: 'Tria una contrasenya nova',
    note: "L'enllaç servix una sola vegada i caduca d'ací a 1 hora. Si no ho has demanat tu, ignora este missatge: la contrasenya no canvia.",
    closing: 'Salutacions.',
  },
};

/** The forgotten-password e-mail in the language, with its single-use link. */
export function composeResetMail(language: MailLanguage, link: string): MailContent {
  const w = RESET[language];
  return {
    subject: w.subject,
    text: `${w.greeting}\n\n${w.lead}\n\n${w.action}: ${link}\n\n${w.note}\n\n${w.closing}\n`,
    html: `<p>${escapeHtml(w.greeting)}</p><p>${escapeHtml(w.lead)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(w.action)}</a></p><p>${escapeHtml(w.note)}</p><p>${escapeHtml(w.closing)}</p>`,
  };
}

/** What the corrections e-mail says: the entity's campaign back for the answers a reviewer marked to correct. */
export interface CorrectionsContext {
  edition: number;
  entity: string;
  campaignId: number;
  /** The reviewer's message, quoted as written. */
  message: string;
  /** How many answers are marked `fix`. */
  marked: number;
  publicUrl: string;
}

interface CorrectionsWording {
  subject: (edition: number, entity: string) => string;
  lead: (edition: number, entity: string) => string;
  marked: (count: number) => string;
  ask: string;
  action: string;
}

const CATALAN_CORRECTIONS: CorrectionsWording = {
  subject: (e, entity) => `Correccions demanades a la Campanya ${e} de ${entity}`,
  lead: (e, entity) => `S'han demanat correccions a la Campanya ${e} de ${entity}. El missatge de la revisió diu:`,
  marked: (n) => (n === 1 ? 'Hi ha 1 resposta marcada per corregir.' : `Hi ha ${n} respostes marcades per corregir.`),
  ask: 'Corregiu aquestes respostes i torneu a enviar el qüestionari.',
  action: 'Obrir el qüestionari',
};

const CORRECTIONS: Record<MailLanguage, CorrectionsWording> = {
  es: {
    subject: (e, entity) => `Correcciones pedidas en la Campaña ${e} de ${entity}`,
    lead: (e, entity) => `Se han pedido correcciones en la Campaña ${e} de ${entity}. El mensaje de la revisión dice:`,
    marked: (n) => (n === 1 ? 'Hay 1 respuesta marcada para corregir.' : `Hay ${n} respuestas marcadas para corregir.`),
    ask: 'Corrija esas respuestas y vuelva a enviar el cuestionario.',
    action: 'Abrir el cuestionario',
  },
  en: {
    subject: (e, entity) => `Corrections requested on Campaign ${e} of ${entity}`,
    lead: (e, entity) => `Corrections have been requested on Campaign ${e} of ${entity}. The reviewer's message reads:`,
    marked: (n) => (n === 1 ? '1 answer is marked to be corrected.' : `${n} answers are marked to be corrected.`),
    ask: 'Please correct those answers and send the questionnaire again.',
    action: 'Open the questionnaire',
  },
  ca: CATALAN_CORRECTIONS,
  // Valencian: Catalan with the Valencian forms, as for the cycle e-mails.
  va: {
    ...CATALAN_CORRECTIONS,
    marked: (n) => (n === 1 ? 'Hi ha 1 resposta marcada per a corregir.' : `Hi ha ${n} respostes marcades per a corregir.`),
    ask: 'Corregiu estes respostes i torneu a enviar el qüestionari.',
  },
};

/**
 * A reviewer's e-mail to an entity's member: the greeting, what happened, the reviewer's words quoted as written,
 * what follows, the questionnaire's link and the closing; as plain text and as HTML.
 */
function reviewerMail(
  language: MailLanguage,
  parts: { subject: string; lead: string; quoted: string; next: string; action: string; campaignId: number; publicUrl: string },
): MailContent {
  const { greeting, closing } = BODY[language].common;
  const link = `${parts.publicUrl}/my-campaigns/${parts.campaignId}`;
  const quoted = parts.quoted.split(/\r?\n/);
  return {
    subject: parts.subject,
    text: `${greeting}\n\n${parts.lead}\n\n${quoted.map((line) => `> ${line}`).join('\n')}\n\n${parts.next}\n\n${parts.action}: ${link}\n\n${closing}\n`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(parts.lead)}</p><blockquote>${quoted.map(escapeHtml).join('<br>')}</blockquote>` +
      `<p>${escapeHtml(parts.next)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(parts.action)}</a></p><p>${escapeHtml(closing)}</p>`,
  };
}

/** The e-mail to an entity's member when a reviewer asks for corrections: the message quoted, the count, the questionnaire's link. */
export function composeCorrectionsMail(language: MailLanguage, context: CorrectionsContext): MailContent {
  const w = CORRECTIONS[language];
  return reviewerMail(language, {
    ...context,
    subject: w.subject(context.edition, context.entity),
    lead: w.lead(context.edition, context.entity),
    quoted: context.message,
    next: `${w.marked(context.marked)} ${w.ask}`,
    action: w.action,
  });
}

/** What the e-mail of a resolved objection says: the campaign, the question's code, the decision and the reviewer's reason. */
export interface ObjectionResolvedContext {
  edition: number;
  entity: string;
  campaignId: number;
  /** The question's text, as the questionnaire shows it. */
  question: string;
  accepted: boolean;
  /** The reviewer's reason, quoted as written. */
  reason: string;
  publicUrl: string;
}

interface ObjectionWording {
  subject: (edition: number, entity: string, accepted: boolean) => string;
  lead: (edition: number, entity: string, question: string, accepted: boolean) => string;
  next: (accepted: boolean) => string;
  action: string;
}

const CATALAN_OBJECTION: ObjectionWording = {
  subject: (e, entity, accepted) => `Al·legació ${accepted ? 'acceptada' : 'rebutjada'} a la Campanya ${e} de ${entity}`,
  lead: (e, entity, q, accepted) =>
    `L'al·legació a la pregunta «${q}» de la Campanya ${e} de ${entity} s'ha ${accepted ? 'acceptat' : 'rebutjat'}. La revisió diu:`,
  next: (accepted) => (accepted ? 'Podeu corregir aquesta resposta i tornar a enviar el qüestionari.' : 'La resposta queda com estava.'),
  action: 'Obrir el qüestionari',
};

const OBJECTION: Record<MailLanguage, ObjectionWording> = {
  es: {
    subject: (e, entity, accepted) => `Alegación ${accepted ? 'aceptada' : 'rechazada'} en la Campaña ${e} de ${entity}`,
    lead: (e, entity, q, accepted) =>
      `Se ha ${accepted ? 'aceptado' : 'rechazado'} la alegación a la pregunta «${q}» de la Campaña ${e} de ${entity}. La revisión dice:`,
    next: (accepted) => (accepted ? 'Puede corregir esa respuesta y volver a enviar el cuestionario.' : 'La respuesta queda como estaba.'),
    action: 'Abrir el cuestionario',
  },
  en: {
    subject: (e, entity, accepted) => `Objection ${accepted ? 'accepted' : 'refused'} on Campaign ${e} of ${entity}`,
    lead: (e, entity, q, accepted) =>
      `The objection to the question “${q}” of Campaign ${e} of ${entity} has been ${accepted ? 'accepted' : 'refused'}. The reviewer says:`,
    next: (accepted) => (accepted ? 'You may correct that answer and send the questionnaire again.' : 'The answer stays as it was.'),
    action: 'Open the questionnaire',
  },
  ca: CATALAN_OBJECTION,
  // Valencian: Catalan with the Valencian forms.
  va: {
    ...CATALAN_OBJECTION,
    next: (accepted) => (accepted ? 'Podeu corregir esta resposta i tornar a enviar el qüestionari.' : 'La resposta queda com estava.'),
  },
};

/** The e-mail to an entity's member when a reviewer resolves its objection: the decision, the reason quoted, what follows, the questionnaire's link. */
export function composeObjectionResolvedMail(language: MailLanguage, context: ObjectionResolvedContext): MailContent {
  const w = OBJECTION[language];
  return reviewerMail(language, {
    ...context,
    subject: w.subject(context.edition, context.entity, context.accepted),
    lead: w.lead(context.edition, context.entity, context.question, context.accepted),
    quoted: context.reason,
    next: w.next(context.accepted),
    action: w.action,
  });
}
