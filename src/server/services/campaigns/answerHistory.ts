import type { Db } from '../../db/client.js';
import {
  STALE_ANSWER,
  type Answer,
  type AnswerHistoryEntry,
  type EvidenceChange,
  type EvidenceItem,
  type SaveAnswerRequest,
  type StaleAnswer,
} from '../../../shared/api/campaigns.js';
import type { CurrentUser } from '../../../shared/api/auth.js';
import { validationError } from '../../errors.js';
import { readAnswerHistory, type HistoryRow, type StoredAnswer } from '../../db/repositories/answerHistory.js';
import { requireReadableCampaign } from './rules.js';

/**
 * An answer's history (docs/api.md, "History and stale saves"): what a save changes, which saveAnswer records one
 * row each of, and what a stale save is told. Plain functions but the reading of GET campaigns/history.
 */

/** What one answer holds: its response ids (null: not answered), comment and "No aplica" reason. */
export interface AnswerContent {
  answer: Answer;
  comment: string | null;
  notApplicableReason: string | null;
}

/**
 * What an answer holds once a save is applied (docs/api.md, "Comments, 'No aplica' and evidence"): the answer sent;
 * the comment sent, or the stored one when left out; the reason sent (null: taken back), or when left out none if an
 * answer is given and the stored one otherwise.
 */
export function contentAfterSave(stored: AnswerContent, input: Pick<SaveAnswerRequest, 'answer' | 'comment' | 'notApplicable'>): AnswerContent {
  const notApplicableReason =
    input.notApplicable !== undefined ? (input.notApplicable?.reason ?? null) : input.answer !== null ? null : stored.notApplicableReason;
  return { answer: input.answer, comment: input.comment !== undefined ? input.comment : stored.comment, notApplicableReason };
}

/** Response ids in increasing order, as the history records an answer (null stays null). */
export const sortedAnswer = (answer: Readonly<Answer>): number[] | null => (answer === null ? null : [...answer].sort((a, b) => a - b));

const sameIds = (a: readonly number[] | null, b: readonly number[] | null) =>
  a === b || (a !== null && b !== null && a.length === b.length && a.every((id, i) => id === b[i]));

/** What a save writes: the answer when its ids or their order change, the notes when they change or confirm a copied answer, and the history rows. */
export interface SavePlan {
  writeAnswer: boolean;
  writeNotes: boolean;
  history: HistoryRow[];
}

/**
 * What saving `after` over `stored` writes: one history row per thing that changed (the answer compared as a set of
 * ids), none for a save that changes nothing, except that saving an answer copied from the previous edition records
 * its 'answer' row: it confirms it, and the history says who did.
 */
export function planSave(stored: AnswerContent & { prefilled: boolean }, after: AnswerContent): SavePlan {
  const history: HistoryRow[] = [];
  const answerChanged = !sameIds(sortedAnswer(stored.answer), sortedAnswer(after.answer));
  if (answerChanged || stored.prefilled) history.push({ kind: 'answer', value: sortedAnswer(after.answer) });
  const commentChanged = stored.comment !== after.comment;
  if (commentChanged) history.push({ kind: 'comment', value: after.comment });
  const reasonChanged = stored.notApplicableReason !== after.notApplicableReason;
  if (reasonChanged) history.push({ kind: 'notApplicable', value: after.notApplicableReason === null ? null : { reason: after.notApplicableReason } });
  return { writeAnswer: !sameIds(stored.answer, after.answer), writeNotes: commentChanged || reasonChanged || stored.prefilled, history };
}

/** The data of the 409 refusing a save made on another version than the answer's (STALE_ANSWER): the answer as it is, and who made that version and when. */
export function staleAnswer(stored: StoredAnswer): StaleAnswer {
  return {
    code: STALE_ANSWER,
    current: {
      answer: stored.answer,
      comment: stored.comment,
      notApplicable: stored.notApplicableReason === null ? null : { reason: stored.notApplicableReason },
      version: stored.version,
      userEmail: stored.versionChange?.userEmail ?? null,
      at: stored.versionChange?.at ?? null,
    },
  };
}

/** An item of evidence as its evidenceAdded or evidenceRemoved row names it: its id, kind, and link (url, title) or file name. */
export function evidenceChange(item: {
  id: number;
  kind: EvidenceItem['kind'];
  url?: string | null;
  title?: string | null;
  fileName?: string | null;
}): EvidenceChange {
  const { id, kind, url, title, fileName } = item;
  return { evidenceId: id, kind, ...(url ? { url } : {}), ...(title ? { title } : {}), ...(fileName ? { fileName } : {}) };
}

/**
 * GET campaigns/history: every change to one answer of a campaign, newest first, for whoever may read the campaign
 * (as campaigns/get: a campaign of another entity is 404); a question not of the campaign's edition is 422.
 */
export async function answerHistory(db: Db, user: CurrentUser, target: { id: number; question: number }): Promise<AnswerHistoryEntry[]> {
  const read = requireReadableCampaign(user, await readAnswerHistory(db, target.id, target.question));
  if (!read.inEdition) throw validationError('The question is not part of this campaign', { question: 'not in this campaign' });
  return read.entries;
}
