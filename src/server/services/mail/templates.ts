/**
 * The e-mails of the yearly cycle, of the review, of the team and of accessibility complaints, in every language of the app: a subject, a
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

// Galician.
const GALICIAN_BODY: Body = {
  common: { greeting: 'Ola:', action: 'Acceder á aplicación', closing: 'Un saúdo.', and: 'e' },
  open: {
    subject: (e) => `Campaña ${e} aberta`,
    lead: (e, list) => `Xa está aberta a campaña ${e} de ${list}. Pode comezar a responder o cuestionario cando queira.`,
  },
  reminder: {
    subject: (e) => `Recordatorio: campaña ${e} pendente`,
    lead: (e, list) => `A campaña ${e} de ${list} aínda non está enviada. Lembrámoslle que debe completar e enviar o cuestionario.`,
  },
};

// Basque.
const BASQUE_BODY: Body = {
  common: { greeting: 'Kaixo:', action: 'Sartu aplikaziora', closing: 'Ondo izan.', and: 'eta' },
  open: {
    subject: (e) => `${e}. urteko kanpaina irekita dago`,
    lead: (e, list) => `Dagoeneko irekita dago ${e}. urteko kanpaina (${list}). Nahi duzunean has zaitezke galdetegiari erantzuten.`,
  },
  reminder: {
    subject: (e) => `Gogorarazpena: ${e}. urteko kanpaina bidali gabe dago`,
    lead: (e, list) => `${e}. urteko kanpaina (${list}) oraindik ez da bidali. Gogorarazten dizugu galdetegia osatu eta bidali behar duzula.`,
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
  gl: GALICIAN_BODY,
  eu: BASQUE_BODY,
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

/** What the forgotten-password e-mail says. */
interface ResetWording {
  subject: string;
  greeting: string;
  lead: string;
  action: string;
  note: string;
  closing: string;
}

// Galician.
const GALICIAN_RESET: ResetWording = {
  subject: 'Restablecer o teu contrasinal',
  greeting: 'Ola:',
  lead: 'Alguén (seguramente ti) pediu restablecer o contrasinal da túa conta en Campañas de indicadores.',
  action: 'Escoller un novo contrasinal',
  note: 'A ligazón só serve unha vez e caduca nunha hora. Se non o pediches ti, ignora esta mensaxe: o teu contrasinal non cambia.',
  closing: 'Un saúdo.',
};

// Basque.
const BASQUE_RESET: ResetWording = {
  subject: 'Berrezarri zure pasahitza',
  greeting: 'Kaixo:',
  lead: 'Norbaitek (zuk, seguruenik) eskatu du Adierazle-kanpainak aplikazioko zure kontuaren pasahitza berrezartzeko.',
  action: 'Aukeratu pasahitz berri bat',
  note: 'Esteka behin bakarrik erabil daiteke, eta ordubete barru iraungiko da. Zuk eskatu ez baduzu, ez egin kasurik mezu honi: zure pasahitza ez da aldatuko.',
  closing: 'Ondo izan.',
};

const RESET: Record<MailLanguage, ResetWording> = {
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
  gl: GALICIAN_RESET,
  eu: BASQUE_RESET,
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

// Galician.
const GALICIAN_CORRECTIONS: CorrectionsWording = {
  subject: (e, entity) => `Correccións solicitadas na Campaña ${e} de ${entity}`,
  lead: (e, entity) => `Solicitáronse correccións na Campaña ${e} de ${entity}. A mensaxe da revisión di:`,
  marked: (n) => (n === 1 ? 'Hai 1 resposta marcada para corrixir.' : `Hai ${n} respostas marcadas para corrixir.`),
  ask: 'Corrixa esas respostas e volva enviar o cuestionario.',
  action: 'Abrir o cuestionario',
};

// Basque.
const BASQUE_CORRECTIONS: CorrectionsWording = {
  subject: (e, entity) => `Zuzenketak eskatu dira: ${entity} erakundearen ${e}. urteko kanpaina`,
  lead: (e, entity) => `Zuzenketak eskatu dira ${entity} erakundearen ${e}. urteko kanpainan. Berrikuspenaren mezuak hau dio:`,
  marked: (n) => (n === 1 ? 'Erantzun bat dago zuzentzeko markatuta.' : `${n} erantzun daude zuzentzeko markatuta.`),
  ask: 'Zuzendu erantzun horiek eta bidali berriro galdetegia.',
  action: 'Ireki galdetegia',
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
  gl: GALICIAN_CORRECTIONS,
  eu: BASQUE_CORRECTIONS,
};

/**
 * A letter that quotes someone's words as written (a reviewer's message, a complaint), line by line, apart from the
 * application's own: '> ' lines in the text, a blockquote in the HTML, escaped.
 */
function quotingLetter(
  language: MailLanguage,
  parts: { subject: string; lead: string; quoted: string; next: string; action: string; link: string },
): MailContent {
  const { greeting, closing } = BODY[language].common;
  const { link } = parts;
  const quoted = parts.quoted.split(/\r?\n/);
  return {
    subject: parts.subject,
    text: `${greeting}\n\n${parts.lead}\n\n${quoted.map((line) => `> ${line}`).join('\n')}\n\n${parts.next}\n\n${parts.action}: ${link}\n\n${closing}\n`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(parts.lead)}</p><blockquote>${quoted.map(escapeHtml).join('<br>')}</blockquote>` +
      `<p>${escapeHtml(parts.next)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(parts.action)}</a></p><p>${escapeHtml(closing)}</p>`,
  };
}

/** A campaign's questionnaire in the app (the client's route /my-campaigns/:id), where every letter about it leads. */
const questionnaireLink = ({ publicUrl, campaignId }: { publicUrl: string; campaignId: number }) => `${publicUrl}/my-campaigns/${campaignId}`;

/** A reviewer's letter to the entity, quoting their message, with the link to the questionnaire. */
const reviewerMail = (
  language: MailLanguage,
  parts: { subject: string; lead: string; quoted: string; next: string; action: string; campaignId: number; publicUrl: string },
): MailContent => quotingLetter(language, { ...parts, link: questionnaireLink(parts) });

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

// Galician.
const GALICIAN_OBJECTION: ObjectionWording = {
  subject: (e, entity, accepted) => `Alegación ${accepted ? 'aceptada' : 'rexeitada'} na Campaña ${e} de ${entity}`,
  lead: (e, entity, q, accepted) => `${accepted ? 'Aceptouse' : 'Rexeitouse'} a alegación á pregunta «${q}» da Campaña ${e} de ${entity}. A revisión di:`,
  next: (accepted) => (accepted ? 'Pode corrixir esa resposta e volver enviar o cuestionario.' : 'A resposta queda como estaba.'),
  action: 'Abrir o cuestionario',
};

// Basque.
const BASQUE_OBJECTION: ObjectionWording = {
  subject: (e, entity, accepted) => `Alegazioa ${accepted ? 'onartu' : 'ezetsi'} da: ${entity} erakundearen ${e}. urteko kanpaina`,
  lead: (e, entity, q, accepted) =>
    `${accepted ? 'Onartu' : 'Ezetsi'} egin da ${entity} erakundearen ${e}. urteko kanpainako «${q}» galderari buruzko alegazioa. Berrikuspenak hau dio:`,
  next: (accepted) => (accepted ? 'Erantzun hori zuzendu eta galdetegia berriro bidal dezakezu.' : 'Erantzuna lehen zegoen bezala geratzen da.'),
  action: 'Ireki galdetegia',
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
  gl: GALICIAN_OBJECTION,
  eu: BASQUE_OBJECTION,
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

// Galician.
const GALICIAN_ASSIGNED: AssignedWording = {
  subject: (c) => `Asignáronche «${c.policy ?? c.axis}» · Campaña ${c.edition} de ${c.entity}`,
  lead: (c) =>
    `${c.by} asignouche ${c.policy ? `a política «${c.policy}» do eixo «${c.axis}»` : `o eixo «${c.axis}»`} da Campaña ${c.edition} de ${c.entity}. Podes responder as súas preguntas no cuestionario; as demais poderás velas, pero non cambialas.`,
  action: 'Abrir o cuestionario',
};

// Basque.
const BASQUE_ASSIGNED: AssignedWording = {
  subject: (c) => `«${c.policy ?? c.axis}» esleitu zaizu · ${c.entity} erakundearen ${c.edition}. urteko kanpaina`,
  lead: (c) =>
    `${c.by} erabiltzaileak ${c.policy ? `«${c.axis}» ardatzeko «${c.policy}» politika` : `«${c.axis}» ardatza`} esleitu dizu, ${c.entity} erakundearen ${c.edition}. urteko kanpainan. Galdetegian haren galderei erantzun diezaiekezu; gainerakoak ikusi ahal izango dituzu, baina ez aldatu.`,
  action: 'Ireki galdetegia',
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
  gl: GALICIAN_ASSIGNED,
  eu: BASQUE_ASSIGNED,
};

/** The e-mail to a member who was just assigned an axis of the campaign, or a policy of one: which, by whom, and the questionnaire's link. */
export function composeAssignedMail(language: MailLanguage, context: AssignedContext): MailContent {
  const w = ASSIGNED[language];
  return letter(language, {
    subject: w.subject(context),
    paragraphs: [w.lead(context)],
    action: w.action,
    link: questionnaireLink(context),
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

// Galician.
const GALICIAN_SENT: SentWording = {
  subject: (c) => `Campaña ${c.edition} de ${c.entity} enviada`,
  lead: (c) => `${c.signer} asinou e enviou a Campaña ${c.edition} de ${c.entity} o ${c.moment} (hora de Madrid).`,
  receipt: (c, at) => `Xustificante: ${c.code}. Pegada SHA-256 das respostas enviadas: ${c.sha256}. Calquera persoa pode comprobalo en ${at}.`,
  action: 'Ver os resultados',
};

// Basque.
const BASQUE_SENT: SentWording = {
  subject: (c) => `${c.entity} erakundearen ${c.edition}. urteko kanpaina bidali da`,
  lead: (c) =>
    `${c.signer} erabiltzaileak ${c.entity} erakundearen ${c.edition}. urteko kanpaina sinatu eta bidali du. Data eta ordua: ${c.moment} (Madrilgo ordua).`,
  receipt: (c, at) => `Frogagiria: ${c.code}. Bidalitako erantzunen SHA-256 aztarna: ${c.sha256}. Edonork egiazta dezake helbide honetan: ${at}.`,
  action: 'Ikusi emaitzak',
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
  gl: GALICIAN_SENT,
  eu: BASQUE_SENT,
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

// Galician.
const GALICIAN_ASSIGNEE_REMINDER: AssigneeReminderWording = {
  subject: (c) =>
    c.daysBefore === 1
      ? `Mañá péchase a Campaña ${c.edition} de ${c.entity}: a túa parte`
      : `Quedan ${c.daysBefore} días para o peche da Campaña ${c.edition} de ${c.entity}: a túa parte`,
  lead: (c, date) =>
    `A Campaña ${c.edition} de ${c.entity} péchase o ${date}${c.daysBefore === 1 ? ', mañá,' : ''} e ao que tes asignado aínda lle faltan respostas:`,
  part: (a) => `${partName(a)}: ${a.answered} de ${a.total} respostas`,
  action: 'Abrir o cuestionario',
};

// Basque.
const BASQUE_ASSIGNEE_REMINDER: AssigneeReminderWording = {
  subject: (c) =>
    c.daysBefore === 1
      ? `Bihar itxiko da ${c.entity} erakundearen ${c.edition}. urteko kanpaina: zure zatia`
      : `${c.daysBefore} egun geratzen dira ${c.entity} erakundearen ${c.edition}. urteko kanpaina ixteko: zure zatia`,
  lead: (c, date) =>
    `${c.entity} erakundearen ${c.edition}. urteko kanpaina ${date} datan itxiko da${c.daysBefore === 1 ? ' (bihar)' : ''}, eta zuri esleitutakoan erantzunak falta dira oraindik:`,
  part: (a) => `${partName(a)}: ${a.total} erantzunetatik ${a.answered}`,
  action: 'Ireki galdetegia',
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
  gl: GALICIAN_ASSIGNEE_REMINDER,
  eu: BASQUE_ASSIGNEE_REMINDER,
};

/** The reminder to a member whose assigned parts are unfinished 7 days and 1 day before the campaign closes: each axis and how far it is. */
export function composeAssigneeReminderMail(language: MailLanguage, context: AssigneeReminderContext): MailContent {
  const w = ASSIGNEE_REMINDER[language];
  return letter(language, {
    subject: w.subject(context),
    paragraphs: [w.lead(context, shortDate(context.closesOn))],
    list: context.parts.map(w.part),
    action: w.action,
    link: questionnaireLink(context),
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

// Galician.
const GALICIAN_INVITATION: InvitationWording = {
  subject: (c) => `Convidáronte ao equipo de ${c.entity}`,
  lead: (c) => `${c.by} engadiute ao equipo de ${c.entity} en Campañas de indicadores, como ${GALICIAN_INVITATION.role[c.role]}.`,
  role: { responsable: 'responsable', colaborador: 'colaborador' },
  password: (p) => `O teu contrasinal temporal é: ${p}  Ao entrar co teu correo electrónico terás que escoller un novo.`,
  existing: 'Entra coa túa conta de sempre: verás a nova entidade.',
};

// Basque.
const BASQUE_INVITATION: InvitationWording = {
  subject: (c) => `${c.entity} erakundearen taldera gonbidatu zaituzte`,
  lead: (c) => `${c.by} erabiltzaileak ${c.entity} erakundearen taldera gehitu zaitu Adierazle-kanpainak aplikazioan, ${BASQUE_INVITATION.role[c.role]} gisa.`,
  role: { responsable: 'arduradun', colaborador: 'laguntzaile' },
  password: (p) => `Zure aldi baterako pasahitza hau da: ${p}  Zure helbide elektronikoarekin sartzean, pasahitz berri bat aukeratu beharko duzu.`,
  existing: 'Sartu zure ohiko kontuarekin: erakunde berria ikusiko duzu bertan.',
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
  gl: GALICIAN_INVITATION,
  eu: BASQUE_INVITATION,
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

/** What the administrators are told of an accessibility complaint: who wrote (to answer) and what. */
export interface ComplaintContext {
  email: string;
  text: string;
  publicUrl: string;
}

interface ComplaintWording {
  subject: string;
  lead: (email: string) => string;
  answer: string;
}

const CATALAN_COMPLAINT: ComplaintWording = {
  subject: "Nova queixa d'accessibilitat",
  lead: (email) => `${email} ha enviat una queixa o una sol·licitud sobre l'accessibilitat de Campanyes d'indicadors:`,
  answer: "La llei demana respondre-la en el termini d'un mes. Totes les queixes són a la declaració d'accessibilitat.",
};

// Galician.
const GALICIAN_COMPLAINT: ComplaintWording = {
  subject: 'Nova queixa de accesibilidade',
  lead: (email) => `${email} enviou unha queixa ou unha solicitude sobre a accesibilidade de Campañas de indicadores:`,
  answer: 'A lei esixe respondela no prazo dun mes. Todas as queixas están na declaración de accesibilidade.',
};

// Basque.
const BASQUE_COMPLAINT: ComplaintWording = {
  subject: 'Irisgarritasun-kexa berria',
  lead: (email) => `${email} helbidetik kexa edo eskaera bat bidali dute Adierazle-kanpainak aplikazioaren irisgarritasunari buruz:`,
  answer: 'Legeak hilabeteko epean erantzutea eskatzen du. Kexa guztiak irisgarritasun-adierazpenean daude.',
};

const COMPLAINT: Record<MailLanguage, ComplaintWording> = {
  es: {
    subject: 'Nueva queja de accesibilidad',
    lead: (email) => `${email} ha enviado una queja o una solicitud sobre la accesibilidad de Campañas de indicadores:`,
    answer: 'La ley pide responderla en el plazo de un mes. Todas las quejas están en la declaración de accesibilidad.',
  },
  en: {
    subject: 'New accessibility complaint',
    lead: (email) => `${email} has sent a complaint or a request about the accessibility of Indicator campaigns:`,
    answer: 'The law asks for an answer within one month. Every complaint is listed in the accessibility statement.',
  },
  ca: CATALAN_COMPLAINT,
  // Valencian: Catalan with the Valencian forms.
  va: {
    ...CATALAN_COMPLAINT,
    lead: (email) => `${email} ha enviat una queixa o una sol·licitud sobre l'accessibilitat de Campanyes d'indicadors:`,
  },
  gl: GALICIAN_COMPLAINT,
  eu: BASQUE_COMPLAINT,
};

/** The e-mail to each administrator about an accessibility complaint: its author's address and its text, and the link to the statement. */
export function composeComplaintMail(language: MailLanguage, context: ComplaintContext): MailContent {
  const w = COMPLAINT[language];
  return quotingLetter(language, {
    subject: w.subject,
    lead: w.lead(context.email),
    quoted: context.text,
    next: w.answer,
    action: BODY[language].common.action,
    link: `${context.publicUrl}/accesibilidad`,
  });
}
