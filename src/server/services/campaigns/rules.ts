import type { CurrentUser } from '../../../shared/api/auth.js';
import type { Answer, CampaignStatus, QuestionType } from '../../../shared/api/campaigns.js';

/** Who may see an entity's campaigns: administrators (ADMIN, FEC) all, a USER only its own entities. */
export function canReadEntity(user: CurrentUser, entityId: number): boolean {
  return user.role === 'ADMIN' || user.role === 'FEC' || isMember(user, entityId);
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

/**
 * Why an answer cannot be stored for a question, or null when it can: null clears; otherwise distinct
 * response ids of this question, not obsolete, exactly one for single choice and at least one for multiple,
 * and an exclusive response ("Ninguno de los anteriores") only alone.
 */
export function answerProblem(question: QuestionForValidation, answer: Readonly<Answer>): string | null {
  if (answer === null) return null;
  if (answer.length === 0) return 'answer must hold at least one response id, or be null to clear it';
  if (new Set(answer).size !== answer.length) return 'answer repeats a response';
  if (question.type === 'single' && answer.length !== 1) return 'a single-choice question takes exactly one response';
  for (const id of answer) {
    const response = question.responses.find((r) => r.id === id);
    if (!response) return `response ${id} does not belong to this question`;
    if (response.obsolete) return `response ${id} is no longer offered`;
    if (response.exclusive && answer.length > 1) return `response ${id} excludes the others and must be chosen alone`;
  }
  return null;
}
