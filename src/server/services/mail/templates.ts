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

interface Wording {
  subject: (edition: number) => string;
  greeting: string;
  lead: (edition: number, entities: string) => string;
  action: string;
  closing: string;
}

const BODY: Record<MailLanguage, Record<MailKind, Wording>> = {
  es: {
    open: {
      subject: (e) => `Campaña ${e} abierta`,
      greeting: 'Hola:',
      lead: (e, list) => `Ya está abierta la campaña ${e} de ${list}. Puede empezar a responder el cuestionario cuando quiera.`,
      action: 'Acceder a la aplicación',
      closing: 'Un saludo.',
    },
    reminder: {
      subject: (e) => `Recordatorio: campaña ${e} pendiente`,
      greeting: 'Hola:',
      lead: (e, list) => `La campaña ${e} de ${list} aún no está enviada. Le recordamos que debe completar y enviar el cuestionario.`,
      action: 'Acceder a la aplicación',
      closing: 'Un saludo.',
    },
  },
  en: {
    open: {
      subject: (e) => `Campaign ${e} is open`,
      greeting: 'Hello,',
      lead: (e, list) => `Campaign ${e} of ${list} is now open. You can start answering the questionnaire whenever you like.`,
      action: 'Go to the application',
      closing: 'Kind regards.',
    },
    reminder: {
      subject: (e) => `Reminder: campaign ${e} pending`,
      greeting: 'Hello,',
      lead: (e, list) => `Campaign ${e} of ${list} has not been sent yet. Please complete and send the questionnaire.`,
      action: 'Go to the application',
      closing: 'Kind regards.',
    },
  },
  ca: {
    open: {
      subject: (e) => `Campanya ${e} oberta`,
      greeting: 'Hola,',
      lead: (e, list) => `Ja és oberta la campanya ${e} de ${list}. Podeu començar a respondre el qüestionari quan vulgueu.`,
      action: "Accedir a l'aplicació",
      closing: 'Salutacions.',
    },
    reminder: {
      subject: (e) => `Recordatori: campanya ${e} pendent`,
      greeting: 'Hola,',
      lead: (e, list) => `La campanya ${e} de ${list} encara no s'ha enviat. Us recordem que heu de completar i enviar el qüestionari.`,
      action: "Accedir a l'aplicació",
      closing: 'Salutacions.',
    },
  },
  va: {
    open: {
      subject: (e) => `Campanya ${e} oberta`,
      greeting: 'Hola,',
      lead: (e, list) => `Ja està oberta la campanya ${e} de ${list}. Podeu començar a respondre el qüestionari quan vulgueu.`,
      action: "Accedir a l'aplicació",
      closing: 'Salutacions.',
    },
    reminder: {
      subject: (e) => `Recordatori: campanya ${e} pendent`,
      greeting: 'Hola,',
      lead: (e, list) => `La campanya ${e} de ${list} encara no s'ha enviat. Vos recordem que heu de completar i enviar el qüestionari.`,
      action: "Accedir a l'aplicació",
      closing: 'Salutacions.',
    },
  },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The names as one phrase in the language ('A, B y C'). */
function listOf(names: readonly string[], language: MailLanguage): string {
  if (names.length <= 1) return names[0] ?? '';
  const and = { es: 'y', en: 'and', ca: 'i', va: 'i' }[language];
  return `${names.slice(0, -1).join(', ')} ${and} ${names[names.length - 1]}`;
}

/** One e-mail of the given kind in the language, linking to the app's address. */
export function composeMail(kind: MailKind, language: MailLanguage, context: MailContext): MailContent {
  const w = BODY[language][kind];
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
