import nodemailer from 'nodemailer';
import type { SmtpConfig } from '../../config.js';
import type { MailSummary } from '../../../shared/api/editionOpening.js';
import type { MailContent } from './templates.js';

/** One message to one address (never several recipients in To or Cc). */
export interface OutgoingMail extends MailContent {
  to: string;
}

/** Sends messages and reports how many went and which were refused; it never throws for a refusal. */
export type Mailer = (messages: readonly OutgoingMail[]) => Promise<MailSummary>;

/** What this process has handed to the SMTP server (sent) and what it refused (failed), for the metrics. */
export const mailTally = { sent: 0, failed: 0 };

/** At most this many messages in flight at once: an SMTP server slows or refuses a client that opens many. */
export const MAIL_CONCURRENCY = 4;

/** A refusal's reason for the caller: the server's answer, never the SMTP URL's password. */
export function refusalReason(err: unknown, smtpUrl: string): string {
  const raw = err instanceof Error ? ((err as { response?: string }).response ?? err.message) : String(err);
  let password = '';
  try {
    password = decodeURIComponent(new URL(smtpUrl).password);
  } catch {
    // an unreadable URL was refused at start
  }
  const text = password ? raw.split(password).join('***') : raw;
  return text.slice(0, 300);
}

/** Runs `work` over the items with at most `limit` at a time. */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** A mailer over the SMTP server of the configuration (nodemailer, pooled connections, time limits). */
export function smtpMailer(smtp: SmtpConfig): Mailer {
  return async (messages) => {
    const transport = nodemailer.createTransport({
      url: smtp.url,
      pool: true,
      maxConnections: MAIL_CONCURRENCY,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      logger: false,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    const summary: MailSummary = { sent: 0, failed: [] };
    try {
      await eachLimited(messages, MAIL_CONCURRENCY, async (m) => {
        try {
          await transport.sendMail({ from: smtp.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
          summary.sent += 1;
          mailTally.sent += 1;
        } catch (err) {
          mailTally.failed += 1;
          summary.failed.push({ email: m.to, reason: refusalReason(err, smtp.url) });
        }
      });
    } finally {
      transport.close();
    }
    return summary;
  };
}
