import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { recordAudit } from '../../db/repositories/audit.js';
import { personalDataOf, upsertErasureRequest } from '../../db/repositories/personalData.js';
import { auditedBy, type Actor } from '../actor.js';
import type { PersonalData } from '../../../shared/api/auth.js';

/** 'Descargar mis datos': everything the database holds of the caller. Reading it is recorded like any other act. */
export async function exportPersonalData(db: Db, actor: Actor): Promise<PersonalData> {
  const data = await personalDataOf(db, actor.user.id);
  if (!data) throw notFound('User');
  await recordAudit(db, { ...auditedBy(actor), action: 'user.exportData', targetType: 'user', targetId: actor.user.id });
  return data;
}

/** The caller asks for their data to be erased; an administrator carries it out (admin/users.ts eraseUser). */
export async function requestErasure(db: Db, actor: Actor, reason: string | undefined): Promise<{ requestedAt: string }> {
  return db.transaction(async (tx) => {
    const requestedAt = await upsertErasureRequest(tx, actor.user.id, reason?.trim() || null);
    await recordAudit(tx, { ...auditedBy(actor), action: 'user.erasureRequested', targetType: 'user', targetId: actor.user.id });
    return { requestedAt };
  });
}
