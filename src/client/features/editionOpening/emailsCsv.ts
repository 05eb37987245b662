import { exportFileName, toCsv } from '../../../shared/csv.js';

/** 'Descargar CSV de correos': one row per user of the pending entities (e-mail, name, entities), shared/csv.ts dialect. */
export function emailsCsvFile(
  source: { edition: number | null; recipients: readonly { email: string; name: string; entities: readonly string[] }[] },
  t: (id: string) => string,
): { name: string; content: string } {
  const header = [t('REMINDERS.CSV.EMAIL'), t('REMINDERS.CSV.NAME'), t('REMINDERS.CSV.ENTITIES')];
  const rows = source.recipients.map((r) => [r.email, r.name, r.entities.join(', ')]);
  return { name: exportFileName('csv', t('REMINDERS.CSV.FILE'), String(source.edition ?? '')), content: toCsv([header, ...rows]) };
}
