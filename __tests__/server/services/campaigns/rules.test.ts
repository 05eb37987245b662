import {
  answerProblem,
  answersOnlyAssigned,
  canAnswerCampaign,
  canManageTeam,
  canReadEntity,
  canSignCampaign,
  memberRole,
  statusAfterSave,
  visibleEntityIds,
} from '../../../../src/server/services/campaigns/rules.js';
import type { CurrentUser } from '../../../../src/shared/api/auth.js';
import type { MemberRole } from '../../../../src/shared/constants.js';

const user = (role: CurrentUser['role'], entities: number[] = [], memberRole: MemberRole = 'responsable'): CurrentUser => ({
  id: 1,
  email: 'a@b.es',
  name: '',
  role,
  entities: entities.map((id) => ({ id, name: `E${id}`, role: memberRole })),
});
const single = {
  type: 'single' as const,
  responses: [
    { id: 1, obsolete: false, exclusive: false },
    { id: 2, obsolete: false, exclusive: false },
    { id: 3, obsolete: true, exclusive: false },
  ],
};
const multiple = {
  type: 'multiple' as const,
  responses: [
    { id: 4, obsolete: false, exclusive: false },
    { id: 5, obsolete: false, exclusive: false },
    { id: 6, obsolete: false, exclusive: true },
  ],
};

describe('campaign rules', () => {
  it('lets administrators read every entity and a USER only its own', () => {
    expect(canReadEntity(user('ADMIN'), 9)).toBe(true);
    expect(canReadEntity(user('FEC'), 9)).toBe(true);
    expect(canReadEntity(user('USER', [9]), 9)).toBe(true);
    expect(canReadEntity(user('USER', [8]), 9)).toBe(false);
    expect(visibleEntityIds(user('USER', [8, 9]))).toEqual([8, 9]);
    expect(visibleEntityIds(user('FEC'))).toBeNull();
  });

  it('lets members and ADMIN answer, not FEC', () => {
    expect(canAnswerCampaign(user('USER', [9]), 9)).toBe(true);
    expect(canAnswerCampaign(user('ADMIN'), 9)).toBe(true);
    expect(canAnswerCampaign(user('FEC'), 9)).toBe(false);
    expect(canAnswerCampaign(user('USER', [8]), 9)).toBe(false);
  });

  it("lets an entity's responsible members, ADMIN and FEC manage its team; responsible members and ADMIN sign; a collaborator answers only what is assigned", () => {
    const responsable = user('USER', [9]);
    const collaborator = user('USER', [9], 'colaborador');
    const elsewhere = user('USER', [8]);
    expect([responsable, collaborator, elsewhere, user('ADMIN'), user('FEC')].map((u) => canManageTeam(u, 9))).toEqual([true, false, false, true, true]);
    expect([responsable, collaborator, elsewhere, user('ADMIN'), user('FEC')].map((u) => canSignCampaign(u, 9))).toEqual([true, false, false, true, false]);
    expect([responsable, collaborator, elsewhere, user('ADMIN')].map((u) => answersOnlyAssigned(u, 9))).toEqual([false, true, false, false]);
    // Responsible for one entity is not for another.
    const mixed: CurrentUser = {
      ...responsable,
      entities: [
        { id: 9, name: 'E9', role: 'responsable' },
        { id: 8, name: 'E8', role: 'colaborador' },
      ],
    };
    expect([canManageTeam(mixed, 9), canManageTeam(mixed, 8), canSignCampaign(mixed, 8), answersOnlyAssigned(mixed, 8)]).toEqual([true, false, false, true]);
    expect(memberRole(mixed, 7)).toBeUndefined();
  });

  it('opens a created campaign on the first answer and leaves the others', () => {
    expect(statusAfterSave('created')).toBe('draft');
    expect(statusAfterSave('draft')).toBe('draft');
  });

  it.each([
    [single, null, null],
    [single, [1], null],
    [single, [1, 2], 'exactly one'],
    [single, [], 'at least one'],
    [single, [3], 'no longer offered'],
    [single, [4], 'does not belong'],
    [multiple, [4, 5], null],
    [multiple, [4, 4], 'repeats'],
    [multiple, [6], null],
    [multiple, [4, 6], 'excludes the others'],
    [multiple, [6, 5], 'excludes the others'],
  ])('judges %j answered %j', (question, answer, problem) => {
    const result = answerProblem(question, answer);
    if (problem === null) expect(result).toBeNull();
    else expect(result).toContain(problem);
  });

  it('keeps a response no longer offered that the stored answer already holds, and refuses it chosen anew', () => {
    expect(answerProblem(single, [3], [3])).toBeNull();
    expect(answerProblem(single, [3], [1])).toContain('no longer offered');
    expect(answerProblem(single, [3])).toContain('no longer offered');
  });
});
