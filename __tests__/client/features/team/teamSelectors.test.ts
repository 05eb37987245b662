import { rootReducer } from '../../../../src/client/app/rootReducer.js';
import { authActions } from '../../../../src/client/features/auth/authSlice.js';
import { campaignsActions } from '../../../../src/client/features/campaigns/campaignsSlice.js';
import { groupIndicators } from '../../../../src/client/features/campaigns/campaignsSelectors.js';
import { teamActions } from '../../../../src/client/features/team/teamSlice.js';
import { axisAccess, selectQuestionnaireTeam } from '../../../../src/client/features/team/teamSelectors.js';
import type { CampaignDetail, IndicatorGroup } from '../../../../src/shared/api/campaigns.js';
import type { Assignment } from '../../../../src/shared/api/team.js';
import type { CurrentUser } from '../../../../src/shared/api/auth.js';
import type { MemberRole } from '../../../../src/shared/constants.js';
import { demoUser } from '../../../helpers/client.js';
import { yesNoQuestion } from '../../../helpers/questions.js';

/*
 * Who may change what on the questionnaire of a team: a policy assigned apart follows its own assignee, the rest of
 * an axis follows the axis's; a collaborator reads the rest, told whose it is once per axis or per policy.
 */

const indicator = (id: number, axisId: number, policyId: number): IndicatorGroup => ({
  id,
  text: `Indicador ${id}`,
  axisId,
  axisText: `Eje ${axisId}`,
  policyId,
  policyText: `Política ${policyId}`,
  measureId: 1,
  measureText: 'Medida',
  competenceId: null,
  subindicators: [yesNoQuestion(id * 10, `Pregunta ${id}`)],
});
/** Axis 1 (policies 11, 12), axis 2 (policies 21, 22), axis 3 (policies 31, 32). */
const indicators = [indicator(1, 1, 11), indicator(2, 1, 12), indicator(3, 2, 21), indicator(4, 2, 22), indicator(5, 3, 31), indicator(6, 3, 32)];
const campaign = { id: 5, entityId: 1, status: 'draft', indicators } as unknown as CampaignDetail;

// The signed-in user (demoUser) is Marta.
const marta = { userId: demoUser.id, email: 'marta@ayto.es', name: 'Marta' };
const pedro = { userId: 8, email: 'pedro@ayto.es', name: 'Pedro' };
const assignments: Assignment[] = [
  { axisId: 1, policyId: null, ...marta },
  { axisId: 1, policyId: 12, ...pedro },
  { axisId: 2, policyId: 22, ...marta },
  { axisId: 3, policyId: 31, ...pedro },
  { axisId: 3, policyId: 32, ...pedro },
];

function teamAs(role: MemberRole) {
  const user: CurrentUser = { ...demoUser, entities: [{ id: 1, name: 'Ayuntamiento de Prueba', role }] };
  const state = [
    authActions.sessionLoaded(user),
    campaignsActions.questionnaireLoaded(campaign),
    teamActions.assignmentsRequested(5),
    teamActions.assignmentsLoaded({ campaignId: 5, assignments }),
  ].reduce(rootReducer, rootReducer(undefined, { type: 'init' }));
  return selectQuestionnaireTeam(state);
}

describe("a team's questionnaire", () => {
  it("lets a collaborator change the policies of their axis but one given to another, and a policy given to them in another's axis", () => {
    const team = teamAs('colaborador');
    const parts = indicators.map((i) => [i.axisId, i.policyId] as const);
    expect(parts.filter(([axis, policy]) => team.mayChange(axis, policy))).toEqual([
      [1, 11],
      [2, 22],
    ]);
    expect(parts.filter(([axis, policy]) => team.isMine(axis, policy))).toEqual([
      [1, 11],
      [2, 22],
    ]);
    expect(team.assigneeOf(1, 12)?.name).toBe('Pedro');
    expect(team.assigneeOf(2, 21)).toBeUndefined();
    expect(team.assignedTo(1)?.name).toBe('Marta');
    expect(team.assignedTo(3)).toBeUndefined();
    expect(team.assignedTo(3, 31)?.name).toBe('Pedro');
  });

  it('tells a collaborator whose each part is: per policy in a mixed axis, once for an axis wholly another’s', () => {
    const team = teamAs('colaborador');
    const [first, second, third] = groupIndicators(indicators).map((axis) => axisAccess(axis, team));
    // Axis 1: theirs but policy 12, Pedro's.
    expect(first.axis).toBeNull();
    expect([...first.policies].map(([policy, n]) => [policy, n.assignee?.name])).toEqual([[12, 'Pedro']]);
    // Axis 2: policy 21 is nobody's in particular, policy 22 theirs.
    expect(second.axis).toBeNull();
    expect([...second.policies].map(([policy, n]) => [policy, n.assignee])).toEqual([[21, undefined]]);
    // Axis 3: both policies Pedro's: said once, under the axis.
    expect(third.axis?.assignee?.name).toBe('Pedro');
    expect(third.policies.size).toBe(0);
  });

  it('lets the responsible member change everything, with no notice', () => {
    const team = teamAs('responsable');
    expect(indicators.every((i) => team.mayChange(i.axisId, i.policyId))).toBe(true);
    for (const axis of groupIndicators(indicators)) expect(axisAccess(axis, team)).toEqual({ axis: null, policies: new Map() });
  });
});
