import type { CurrentUser } from '../../../shared/api/auth.js';
import type { Answer, AnswerNotes, CampaignStatus, QuestionType } from '../../../shared/api/campaigns.js';
import type { EvidenceRule } from '../../../shared/constants.js';
import { notFound } from '../../errors.js';

// The team's rules are the client's too (it hides what the server refuses).
export { answersOnlyAssigned, canManageTeam, canSignCampaign, memberRole } from '../../../shared/team.js';
import { subindicatorPoints, type PointedQuestion } from '../../../shared/scoring.js';

/** Who may see an entity's campaigns: administrators (ADMIN, FEC) all, a USER only its own entities. */
export function canReadEntity(user: CurrentUser, entityId: number): boolean {
  return user.role === 'ADMIN' || user.role === 'FEC' || isMember(user, entityId);
}

/**
 * The campaign (or what was read of it) when the user may read it; 404 otherwise, the same as for one that does not
 * exist, so that a campaign of another entity is never confirmed.
 */
export function requireReadableCampaign<T extends { entityId: number }>(user: CurrentUser, campaign: T | undefined): T {
  if (!campaign || !canReadEntity(user, campaign.entityId)) throw notFound('Campaign');
  return campaign;
}

/** Who may answer and submit: the entity's own users, and ADMIN for any entity (docs/api.md, "Who may call what"). */
export function canAnswerCampaign(user: CurrentUser, entityId: number): boolean {
  return user.role === 'ADMIN' || (user.role === 'USER' && isMember(user, entityId));
}

function isMember(user: CurrentUser, entityId: number): boolean {
  return user.entities.some((e) => e.id === entityId);
}

/** The entities whose campaigns a user lists: null means every entity. */
export function visibleEntityIds(user: CurrentUser): number[] | null {
  return user.role === 'ADMIN' || user.role === 'FEC' ? null : user.entities.map((e) => e.id);
}

/** The status after an answer is saved: the first answer opens a created campaign. */
export function statusAfterSave(status: CampaignStatus): CampaignStatus {
  return status === 'created' ? 'draft' : status;
}

export interface QuestionForValidation {
  type: QuestionType;
  responses: { id: number; obsolete: boolean; exclusive: boolean }[];
}

/** The responses of an answer that the edition no longer offers (its `obsolete` ones). */
export function obsoleteResponses(question: QuestionForValidation, answer: Readonly<Answer>): number[] {
  return (answer ?? []).filter((id) => question.responses.some((r) => r.id === id && r.obsolete));
}

/**
 * Why an answer cannot be stored for a question, or null when it can: null clears; otherwise distinct
 * response ids of this question, exactly one for single choice and at least one for multiple, and an exclusive
 * response ("Ninguno de los anteriores") only alone. A response no longer offered is refused unless the stored
 * answer (`kept`) already holds it: saving a comment beside an answer chosen before the edition changed keeps it.
 */
export function answerProblem(question: QuestionForValidation, answer: Readonly<Answer>, kept: readonly number[] = []): string | null {
  if (answer === null) return null;
  if (answer.length === 0) return 'answer must hold at least one response id, or be null to clear it';
  if (new Set(answer).size !== answer.length) return 'answer repeats a response';
  if (question.type === 'single' && answer.length !== 1) return 'a single-choice question takes exactly one response';
  for (const id of answer) {
    const response = question.responses.find((r) => r.id === id);
    if (!response) return `response ${id} does not belong to this question`;
    if (response.obsolete && !kept.includes(id)) return `response ${id} is no longer offered`;
    if (response.exclusive && answer.length > 1) return `response ${id} excludes the others and must be chosen alone`;
  }
  return null;
}

/**
 * Why "No aplica" cannot be given to a question, or null when it can: the edition must allow it, and the answer is
 * then null (docs/scoring.md, "No aplica").
 */
export function notApplicableProblem(question: { allowsNotApplicable: boolean }, answer: Readonly<Answer>): string | null {
  if (!question.allowsNotApplicable) return 'this question does not allow "No aplica"';
  if (answer !== null) return 'answer must be null with "No aplica"';
  return null;
}

/**
 * Why an address cannot be evidence, or null when it can: an absolute http or https URL with a host (no
 * javascript:, data:, file: or relative address, which a reviewer's click would run or could not open).
 */
export function linkProblem(url: string): string | null {
  if (!/^https?:\/\//i.test(url)) return 'the address must start with http:// or https://';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'the address is not valid';
  }
  if (!parsed.hostname) return 'the address has no host';
  if (/\s/.test(url)) return 'the address holds spaces';
  return null;
}

/** A question as the submission's evidence check reads it. */
export interface QuestionForEvidence extends PointedQuestion {
  id: number;
  evidenceRule: EvidenceRule;
}

/**
 * The questions whose required evidence is missing: evidence rule 'required', answered (not "No aplica") with
 * more than 0 points, and no item of evidence (docs/api.md, "Answers, evidence and No aplica").
 */
export function questionsMissingEvidence(
  questions: readonly QuestionForEvidence[],
  answers: ReadonlyMap<number, readonly number[]>,
  notes: ReadonlyMap<number, Pick<AnswerNotes, 'evidence' | 'notApplicable'>>,
): number[] {
  return questions
    .filter((q) => {
      if (q.evidenceRule !== 'required') return false;
      const answer = answers.get(q.id);
      const note = notes.get(q.id);
      if (!answer || note?.notApplicable) return false;
      return subindicatorPoints(q, answer).value > 0 && (note?.evidence.length ?? 0) === 0;
    })
    .map((q) => q.id);
}
