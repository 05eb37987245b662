/**
 * The e-mails of the yearly cycle, of the review and of the team, in the four languages of the app: a subject, a
 * plain-text body and a simple HTML body. Pure: the caller passes the app's address and the names.
 */
import type { Language, MemberRole } from '../../../shared/constants.js';
import { verificationPath } from '../../../shared/team.js';

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
  const w = BODY[language][kind];
  return letter(language, {
    subject: w.subject(context.edition),
    paragraphs: [w.lead(context.edition, listOf(context.entities, language))],
    action: BODY[language].common.action,
    link: `${context.publicUrl}/`,
  });
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

/** A Madrid date 'YYYY-MM-DD', or moment 'YYYY-MM-DD HH:MM', as the e-mails write it: '12/03/2026', '12/03/2026 10:14'. */
function shortDate(value: string): string {
  const [date, time] = value.split(' ');
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}${time ? ` ${time}` : ''}`;
}

/**
 * A short letter in the language: the greeting, its paragraphs, a link to act on and the closing, as plain text and
 * as HTML (the team's e-mails).
 */
function letter(
  language: MailLanguage,
  parts: { subject: string; paragraphs: readonly string[]; list?: readonly string[]; action: string; link: string },
): MailContent {
  const { greeting, closing } = BODY[language].common;
  const { subject, paragraphs, list = [], action, link } = parts;
  const listText = list.length > 0 ? `\n\n${list.map((item) => `- ${item}`).join('\n')}` : '';
  const listHtml = list.length > 0 ? `<ul>${list.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : '';
  return {
    subject,
    text: `${greeting}\n\n${paragraphs.join('\n\n')}${listText}\n\n${action}: ${link}\n\n${closing}\n`,
    html:
      `<p>${escapeHtml(greeting)}</p>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}${listHtml}` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(closing)}</p>`,
  };
}

/** What the e-mail to a member assigned an axis says: the campaign, the axis, and who assigned it (name or e-mail). */
export interface AssignedContext {
  edition: number;
  entity: string;
  campaignId: number;
  axis: string;
  /** Set when one policy of the axis was assigned, not the whole axis. */
  policy?: string;
  by: string;
  publicUrl: string;
}

/** A part of the questionnaire as the e-mails name it: the axis, or the axis and one of its policies. */
const partName = (part: { axis: string; policy?: string }) => (part.policy ? `${part.axis} · ${part.policy}` : part.axis);

interface AssignedWording {
  subject: (c: AssignedContext) => string;
  lead: (c: AssignedContext) => string;
  action: string;
}

const CATALAN_ASSIGNED: AssignedWording = {
  subject: (c) => `T'han assignat «${c.policy ?? c.axis}» · Campanya ${c.edition} de ${c.entity}`,
  lead: (c) =>
    `${c.by} t'ha assignat ${c.policy ? `la política «${c.policy}» de l'eix «${c.axis}»` : `l'eix «${c.axis}»`} de la Campanya ${c.edition} de ${c.entity}. Pots respondre les seves preguntes al qüestionari; les altres les veuràs sense poder-les canviar.`,
  action: 'Obrir el qüestionari',
};

const ASSIGNED: Record<MailLanguage, AssignedWording> = {
  es: {
    subject: (c) => `Se te ha asignado «${c.policy ?? c.axis}» · Campaña ${c.edition} de ${c.entity}`,
    lead: (c) =>
      `${c.by} te ha asignado ${c.policy ? `la política «${c.policy}» del eje «${c.axis}»` : `el eje «${c.axis}»`} de la Campaña ${c.edition} de ${c.entity}. Puedes responder sus preguntas en el cuestionario; las demás las verás sin poder cambiarlas.`,
    action: 'Abrir el cuestionario',
  },
  en: {
    subject: (c) => `“${c.policy ?? c.axis}” assigned to you · Campaign ${c.edition} of ${c.entity}`,
    lead: (c) =>
      `${c.by} has assigned you ${c.policy ? `the policy “${c.policy}” of the axis “${c.axis}”` : `the axis “${c.axis}”`} of Campaign ${c.edition} of ${c.entity}. You can answer its questions in the questionnaire; you will see the others without being able to change them.`,
    action: 'Open the questionnaire',
  },
  ca: CATALAN_ASSIGNED,
  // Valencian: Catalan with the Valencian forms.
  va: {
    ...CATALAN_ASSIGNED,
    lead: (c) =>
      `${c.by} t'ha assignat ${c.policy ? `la política «${c.policy}» de l'eix «${c.axis}»` : `l'eix «${c.axis}»`} de la Campanya ${c.edition} de ${c.entity}. Pots respondre les seues preguntes en el qüestionari; les altres les voràs sense poder canviar-les.`,
  },
};

/** The e-mail to a member who was just assigned an axis of the campaign, or a policy of one: which, by whom, and the questionnaire's link. */
export function composeAssignedMail(language: MailLanguage, context: AssignedContext): MailContent {
  const w = ASSIGNED[language];
  return letter(language, {
    subject: w.subject(context),
    paragraphs: [w.lead(context)],
    action: w.action,
    link: `${context.publicUrl}/my-campaigns/${context.campaignId}`,
  });
}

/** What the e-mail of a campaign signed and sent says: who signed and when (Madrid's clock), and the receipt. */
export interface SentContext {
  edition: number;
  entity: string;
  campaignId: number;
  signer: string;
  /** 'YYYY-MM-DD HH:MM' on Madrid's clock (written '12/03/2026 10:14'). */
  moment: string;
  code: string;
  sha256: string;
  publicUrl: string;
}

interface SentWording {
  subject: (c: SentContext) => string;
  lead: (c: SentContext) => string;
  receipt: (c: SentContext, verifyAt: string) => string;
  action: string;
}

const CATALAN_SENT: SentWording = {
  subject: (c) => `Campanya ${c.edition} de ${c.entity} enviada`,
  lead: (c) => `${c.signer} ha signat i enviat la Campanya ${c.edition} de ${c.entity} el ${c.moment} (hora de Madrid).`,
  receipt: (c, at) => `Justificant: ${c.code}. Empremta SHA-256 de les respostes enviades: ${c.sha256}. Qualsevol persona ho pot comprovar a ${at}.`,
  action: 'Veure els resultats',
};

const SENT: Record<MailLanguage, SentWording> = {
  es: {
    subject: (c) => `Campaña ${c.edition} de ${c.entity} enviada`,
    lead: (c) => `${c.signer} ha firmado y enviado la Campaña ${c.edition} de ${c.entity} el ${c.moment} (hora de Madrid).`,
    receipt: (c, at) => `Justificante: ${c.code}. Huella SHA-256 de las respuestas enviadas: ${c.sha256}. Cualquiera puede comprobarlo en ${at}.`,
    action: 'Ver los resultados',
  },
  en: {
    subject: (c) => `Campaign ${c.edition} of ${c.entity} sent`,
    lead: (c) => `${c.signer} signed and sent Campaign ${c.edition} of ${c.entity} on ${c.moment} (Madrid time).`,
    receipt: (c, at) => `Receipt: ${c.code}. SHA-256 fingerprint of the answers sent: ${c.sha256}. Anyone can check it at ${at}.`,
    action: 'View the results',
  },
  ca: CATALAN_SENT,
  // Valencian: Catalan with the Valencian forms.
  va: {
    ...CATALAN_SENT,
    receipt: (c, at) => `Justificant: ${c.code}. Empremta SHA-256 de les respostes enviades: ${c.sha256}. Qualsevol persona ho pot comprovar en ${at}.`,
  },
};

/** The e-mail to every member of an entity whose campaign was just signed and sent: who, when, the receipt and where to verify it. */
export function composeSentMail(language: MailLanguage, context: SentContext): MailContent {
  const w = SENT[language];
  const written = { ...context, moment: shortDate(context.moment) };
  return letter(language, {
    subject: w.subject(written),
    paragraphs: [w.lead(written), w.receipt(written, `${context.publicUrl}${verificationPath(context.code)}`)],
    action: w.action,
    link: `${context.publicUrl}/results/${context.campaignId}`,
  });
}

/** What the reminder to a member assigned parts says: the campaign, its closing date, and each of their parts (axes, policies) with its questions left. */
export interface AssigneeReminderContext {
  edition: number;
  entity: string;
  campaignId: number;
  /** 'YYYY-MM-DD'. */
  closesOn: string;
  /** 7 or 1. */
  daysBefore: number;
  parts: readonly { axis: string; policy?: string; answered: number; total: number }[];
  publicUrl: string;
}

interface AssigneeReminderWording {
  subject: (c: AssigneeReminderContext) => string;
  lead: (c: AssigneeReminderContext, date: string) => string;
  part: (a: AssigneeReminderContext['parts'][number]) => string;
  action: string;
}

const CATALAN_REMINDER: AssigneeReminderWording = {
  subject: (c) =>
    c.daysBefore === 1
      ? `Demà tanca la Campanya ${c.edition} de ${c.entity}: la teva part`
      : `Queden ${c.daysBefore} dies per al tancament de la Campanya ${c.edition} de ${c.entity}: la teva part`,
  lead: (c, date) =>
    `La Campanya ${c.edition} de ${c.entity} tanca el ${date}${c.daysBefore === 1 ? ', demà,' : ''} i al que tens assignat encara li falten respostes:`,
  part: (a) => `${partName(a)}: ${a.answered} de ${a.total} respostes`,
  action: 'Obrir el qüestionari',
};

const ASSIGNEE_REMINDER: Record<MailLanguage, AssigneeReminderWording> = {
  es: {
    subject: (c) =>
      c.daysBefore === 1
        ? `Mañana se cierra la Campaña ${c.edition} de ${c.entity}: tu parte`
        : `Quedan ${c.daysBefore} días para el cierre de la Campaña ${c.edition} de ${c.entity}: tu parte`,
    lead: (c, date) =>
      `La Campaña ${c.edition} de ${c.entity} se cierra el ${date}${c.daysBefore === 1 ? ', mañana,' : ''} y a lo que tienes asignado aún le faltan respuestas:`,
    part: (a) => `${partName(a)}: ${a.answered} de ${a.total} respuestas`,
    action: 'Abrir el cuestionario',
  },
  en: {
    subject: (c) =>
      c.daysBefore === 1
        ? `Campaign ${c.edition} of ${c.entity} closes tomorrow: your part`
        : `${c.daysBefore} days left in Campaign ${c.edition} of ${c.entity}: your part`,
    lead: (c, date) =>
      `Campaign ${c.edition} of ${c.entity} closes on ${date}${c.daysBefore === 1 ? ', tomorrow,' : ''} and what is assigned to you still lacks answers:`,
    part: (a) => `${partName(a)}: ${a.answered} of ${a.total} answers`,
    action: 'Open the questionnaire',
  },
  ca: CATALAN_REMINDER,
  // Valencian: Catalan with the Valencian forms.
  va: {
    ...CATALAN_REMINDER,
    subject: (c) =>
      c.daysBefore === 1
        ? `Demà tanca la Campanya ${c.edition} de ${c.entity}: la teua part`
        : `Queden ${c.daysBefore} dies per al tancament de la Campanya ${c.edition} de ${c.entity}: la teua part`,
  },
};

/** The reminder to a member whose assigned parts are unfinished 7 days and 1 day before the campaign closes: each axis and how far it is. */
export function composeAssigneeReminderMail(language: MailLanguage, context: AssigneeReminderContext): MailContent {
  const w = ASSIGNEE_REMINDER[language];
  return letter(language, {
    subject: w.subject(context),
    paragraphs: [w.lead(context, shortDate(context.closesOn))],
    list: context.parts.map(w.part),
    action: w.action,
    link: `${context.publicUrl}/my-campaigns/${context.campaignId}`,
  });
}

/** What the invitation to a team says: the entity, who invited, the role, and a new account's temporary password. */
export interface InvitationContext {
  entity: string;
  by: string;
  role: MemberRole;
  /** Only for an account the invitation created; an existing account signs in as always. */
  temporaryPassword?: string;
  publicUrl: string;
}

interface InvitationWording {
  subject: (c: InvitationContext) => string;
  lead: (c: InvitationContext) => string;
  role: Record<MemberRole, string>;
  password: (password: string) => string;
  existing: string;
}

const CATALAN_INVITATION: InvitationWording = {
  subject: (c) => `T'han convidat a l'equip de ${c.entity}`,
  lead: (c) => `${c.by} t'ha afegit a l'equip de ${c.entity} a Campanyes d'indicadors, com a ${CATALAN_INVITATION.role[c.role]}.`,
  role: { responsable: 'responsable', colaborador: 'col·laborador' },
  password: (p) => `La teva contrasenya temporal és: ${p}  En entrar amb el teu correu electrònic n'hauràs de triar una de nova.`,
  existing: 'Entra amb el teu compte de sempre: hi veuràs la nova entitat.',
};

const INVITATION: Record<MailLanguage, InvitationWording> = {
  es: {
    subject: (c) => `Te han invitado al equipo de ${c.entity}`,
    lead: (c) => `${c.by} te ha añadido al equipo de ${c.entity} en Campañas de indicadores, como ${INVITATION.es.role[c.role]}.`,
    role: { responsable: 'responsable', colaborador: 'colaborador' },
    password: (p) => `Tu contraseña temporal es: ${p}  Al entrar con tu correo electrónico tendrás que elegir una nueva.`,
    existing: 'Entra con tu cuenta de siempre: verás la nueva entidad.',
  },
  en: {
    subject: (c) => `You have been invited to the team of ${c.entity}`,
    lead: (c) => `${c.by} has added you to the team of ${c.entity} in Indicator campaigns, as ${INVITATION.en.role[c.role]}.`,
    role: { responsable: 'responsible person', colaborador: 'collaborator' },
    password: (p) => `Your temporary password is: ${p}  When you sign in with your e-mail address you will have to choose a new one.`,
    existing: 'Sign in with your usual account: you will see the new entity.',
  },
  ca: CATALAN_INVITATION,
  // Valencian: Catalan with the Valencian forms.
  va: {
    ...CATALAN_INVITATION,
    password: (p) => `La teua contrasenya temporal és: ${p}  En entrar amb el teu correu electrònic n'hauràs de triar una de nova.`,
    existing: 'Entra amb el teu compte de sempre: hi voràs la nova entitat.',
  },
};

/** The e-mail to someone invited to an entity's team: who invited them and as what, and a new account's temporary password. */
export function composeInvitationMail(language: MailLanguage, context: InvitationContext): MailContent {
  const w = INVITATION[language];
  return letter(language, {
    subject: w.subject(context),
    paragraphs: [w.lead(context), context.temporaryPassword === undefined ? w.existing : w.password(context.temporaryPassword)],
    action: BODY[language].common.action,
    link: `${context.publicUrl}/auth/login`,
  });
}
