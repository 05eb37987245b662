import { testBackends } from '../../helpers/db.js';
import { call, startTestServer, type TestServer } from '../../helpers/server.js';
import { createTestUser, signIn, signInDemoAccounts } from '../../helpers/auth.js';
import { createCampaign, createEntity } from '../../helpers/concurrency.js';
import type { Db } from '../../../src/server/db/client.js';
import type { CampaignDetail, Subindicator } from '../../../src/shared/api/campaigns.js';
import type { Assignments, Members } from '../../../src/shared/api/team.js';

/**
 * The team that answers for an entity (docs/api.md, "Team"): its responsible members, ADMIN and FEC manage it; a
 * collaborator answers only the axes and policies assigned to them; the entity always keeps a responsible member.
 */

const backends = await testBackends();

describe.each(backends)("an entity's team on $name", ({ openDemo }) => {
  let db: Db;
  let server: TestServer;
  /** Access tokens: the demo's administrators; the entity's responsible member; a responsible member of another entity. */
  const tokens = { admin: '', fec: '', responsable: '', outsider: '' };
  let entityId = 0;
  let otherEntityId = 0;
  let campaignId = 0;
  let questions: (Subindicator & { axisId: number; policyId: number })[] = [];

  const secure = (method: 'GET' | 'POST', path: string, token: string, body?: unknown) => call(server, method, `/api/secure/v1/${path}`, { token, body });
  const members = async (token = tokens.responsable) => {
    const res = await secure('GET', `entities/members?entityId=${entityId}`, token);
    expect(res.status).toBe(200);
    return res.body.response as Members;
  };
  const invite = (email: string, role: string, token = tokens.responsable, entity = entityId) =>
    secure('POST', 'entities/members/invite', token, { entityId: entity, email, role });
  /** Signs in an account invited with a temporary password, sets its own and answers its access token. */
  async function firstSignIn(email: string, temporaryPassword: string): Promise<string> {
    const first = (await signIn(server, email, temporaryPassword)).access_token;
    // Nothing but the password change until the temporary password is replaced.
    expect((await secure('GET', `entities/members?entityId=${entityId}`, first)).body.error.type).toBe('PASSWORD_CHANGE_REQUIRED');
    const changed = await secure('POST', 'auth/changePassword', first, { currentPassword: temporaryPassword, newPassword: 'Equipo-clave-2026!' });
    expect(changed.status).toBe(200);
    return (await signIn(server, email, 'Equipo-clave-2026!')).access_token;
  }
  const auditCount = async (action: string) =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND entity_id = $2', [action, entityId]))[0].n;

  beforeAll(async () => {
    db = await openDemo();
    server = await startTestServer(db);
    const demo = await signInDemoAccounts(server);
    tokens.admin = demo.admin;
    tokens.fec = demo.fec;
    const [{ municipality_id: municipality }] = await db.query<{ municipality_id: string }>('SELECT municipality_id FROM entity_municipalities LIMIT 1');
    entityId = await createEntity(server, tokens.admin, municipality, 'Equipo');
    otherEntityId = await createEntity(server, tokens.admin, municipality, 'Ajena');
    await createTestUser(db, 'responsable@equipo.es', 'clave-equipo-1', 'USER', [entityId]);
    await createTestUser(db, 'responsable@ajena.es', 'clave-ajena-1', 'USER', [otherEntityId]);
    tokens.responsable = (await signIn(server, 'responsable@equipo.es', 'clave-equipo-1')).access_token;
    tokens.outsider = (await signIn(server, 'responsable@ajena.es', 'clave-ajena-1')).access_token;
    campaignId = await createCampaign(server, tokens.admin, entityId);
    const detail = (await secure('GET', `campaigns/get?id=${campaignId}`, tokens.admin)).body.response as CampaignDetail;
    questions = detail.indicators.flatMap((i) => i.subindicators.map((s) => ({ ...s, axisId: i.axisId, policyId: i.policyId })));
  }, 120_000);
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('shows the team to its members, ADMIN and FEC, responsible members first, and to nobody else', async () => {
    const team = await members();
    expect(team).toEqual([{ userId: expect.any(Number), email: 'responsable@equipo.es', name: '', role: 'responsable', assigned: [], assignedPolicies: [] }]);
    expect(await members(tokens.admin)).toEqual(team);
    expect(await members(tokens.fec)).toEqual(team);
    // Another entity's member: as if it did not exist.
    expect((await secure('GET', `entities/members?entityId=${entityId}`, tokens.outsider)).status).toBe(404);
    expect((await call(server, 'GET', `/api/secure/v1/entities/members?entityId=${entityId}`)).status).toBe(401);
    for (const query of ['', 'entityId=0', 'entityId=x', `entityId=${entityId}&extra=1`])
      expect([query, (await secure('GET', `entities/members?${query}`, tokens.admin)).status]).toEqual([query, 422]);
    expect((await secure('GET', 'entities/members?entityId=999999', tokens.admin)).status).toBe(404);
    // auth/me names the role in each entity.
    const me = (await secure('GET', 'auth/me', tokens.responsable)).body.response.user;
    expect(me.entities).toEqual([{ id: entityId, name: expect.any(String), role: 'responsable' }]);
  });

  it('invites a new colleague with a temporary password shown once, and an existing account without one', async () => {
    const created = await invite('Marta.Colaboradora@Equipo.es', 'colaborador');
    expect(created.status).toBe(200);
    expect(created.body.response).toEqual({ userId: expect.any(Number), temporaryPassword: expect.stringMatching(/^.{12,}$/) });
    const collaborator = await firstSignIn('marta.colaboradora@equipo.es', created.body.response.temporaryPassword);
    expect((await secure('GET', 'auth/me', collaborator)).body.response.user.entities).toEqual([
      { id: entityId, name: expect.any(String), role: 'colaborador' },
    ]);

    // The responsible member of another entity joins as a collaborator: responsible there, not here.
    const existing = await invite('responsable@ajena.es', 'colaborador');
    expect(existing.body.response).toEqual({ userId: expect.any(Number) });
    const outsiderEntities = (await secure('GET', 'auth/me', tokens.outsider)).body.response.user.entities as { id: number; role: string }[];
    expect(outsiderEntities.map((e) => [e.id, e.role]).sort()).toEqual(
      [
        [entityId, 'colaborador'],
        [otherEntityId, 'responsable'],
      ].sort(),
    );
    expect((await invite('nuevo@equipo.es', 'colaborador', tokens.outsider)).status).toBe(403);
    expect((await invite('nuevo@ajena.es', 'colaborador', tokens.outsider, otherEntityId)).status).toBe(200);

    // Once only; never an administrator's account; strictly validated.
    expect((await invite('RESPONSABLE@ajena.es', 'responsable')).body.error.data).toBe('MEMBER_EXISTS');
    expect((await invite('admin@demo.es', 'colaborador')).body.error.data).toBe('ADMINISTRATOR_ACCOUNT');
    for (const body of [
      { entityId, email: 'x@equipo.es', role: 'jefe' },
      { entityId, email: 'no es un correo', role: 'colaborador' },
      { entityId, email: 'x@equipo.es' },
      { entityId: String(entityId), email: 'x@equipo.es', role: 'colaborador' },
      { entityId, email: 'x@equipo.es', role: 'colaborador', password: 'elegida' },
    ])
      expect([body, (await secure('POST', 'entities/members/invite', tokens.responsable, body)).status]).toEqual([body, 422]);
    // ADMIN and FEC invite too.
    expect((await invite('tecnico@equipo.es', 'colaborador', tokens.fec)).status).toBe(200);
    expect((await members()).map((m) => [m.email, m.role])).toEqual([
      ['responsable@equipo.es', 'responsable'],
      // As typed: e-mails are compared without case, kept as written.
      ['Marta.Colaboradora@Equipo.es', 'colaborador'],
      ['responsable@ajena.es', 'colaborador'],
      ['tecnico@equipo.es', 'colaborador'],
    ]);
    expect(await auditCount('entity.member.add')).toBe(3);
  });

  it('never leaves the entity without a responsible member, and lets only those who manage it change roles or remove', async () => {
    const team = await members();
    const id = (email: string) => team.find((m) => m.email === email)!.userId;
    const self = id('responsable@equipo.es');
    const tecnico = id('tecnico@equipo.es');
    for (const [path, body] of [
      ['entities/members/role', { entityId, userId: self, role: 'colaborador' }],
      ['entities/members/remove', { entityId, userId: self }],
    ] as const) {
      const refused = await secure('POST', path, tokens.responsable, body);
      expect([path, refused.status, refused.body.error.data]).toEqual([path, 409, 'LAST_RESPONSABLE']);
    }
    // A collaborator changes nobody's role; another entity's member is told the entity does not exist.
    const collaborator = (await signIn(server, 'marta.colaboradora@equipo.es', 'Equipo-clave-2026!')).access_token;
    expect((await secure('POST', 'entities/members/role', collaborator, { entityId, userId: tecnico, role: 'responsable' })).status).toBe(403);
    const stranger = await createTestUser(db, 'sin@equipo.es', 'clave-sin-1', 'USER', [otherEntityId]);
    const strangerToken = (await signIn(server, 'sin@equipo.es', 'clave-sin-1')).access_token;
    expect((await secure('POST', 'entities/members/remove', strangerToken, { entityId, userId: tecnico })).status).toBe(404);
    expect((await secure('POST', 'entities/members/remove', tokens.responsable, { entityId, userId: stranger })).status).toBe(404);

    // With a second responsible member, the first may step down.
    expect((await secure('POST', 'entities/members/role', tokens.responsable, { entityId, userId: tecnico, role: 'responsable' })).status).toBe(200);
    expect((await secure('POST', 'entities/members/role', tokens.admin, { entityId, userId: self, role: 'colaborador' })).status).toBe(200);
    // Read on every call: the stepped-down member manages nothing from now on, with the same token.
    expect((await invite('otro@equipo.es', 'colaborador')).status).toBe(403);
    expect((await secure('POST', 'entities/members/role', tokens.admin, { entityId, userId: self, role: 'responsable' })).status).toBe(200);
    expect((await secure('POST', 'entities/members/remove', tokens.responsable, { entityId, userId: tecnico })).status).toBe(200);
    expect((await members()).some((m) => m.userId === tecnico)).toBe(false);
    expect(await auditCount('entity.member.role')).toBe(3);
    expect(await auditCount('entity.member.remove')).toBe(1);
  });

  it('lets a collaborator change only the answers of the axes assigned to them, and only the responsible member sign', async () => {
    const axes = [...new Set(questions.map((q) => q.axisId))];
    expect(axes.length).toBeGreaterThan(1);
    const [mine, theirs] = axes;
    const team = await members();
    const marta = team.find((m) => m.email === 'Marta.Colaboradora@Equipo.es')!;
    const collaborator = (await signIn(server, 'marta.colaboradora@equipo.es', 'Equipo-clave-2026!')).access_token;

    // Only those who manage the team assign, only to its members, only axes of the campaign.
    expect((await secure('POST', 'campaigns/assign', collaborator, { id: campaignId, axisId: mine, userId: marta.userId })).status).toBe(403);
    expect((await secure('POST', 'campaigns/assign', tokens.outsider, { id: campaignId, axisId: mine, userId: marta.userId })).status).toBe(403);
    const [{ id: adminId }] = await db.query<{ id: number }>("SELECT id FROM users WHERE email = 'admin@demo.es'");
    expect((await secure('POST', 'campaigns/assign', tokens.responsable, { id: campaignId, axisId: mine, userId: adminId })).status).toBe(422);
    const [{ id: notAnAxis }] = await db.query<{ id: number }>("SELECT id FROM categories WHERE type = 'policy' LIMIT 1");
    expect((await secure('POST', 'campaigns/assign', tokens.responsable, { id: campaignId, axisId: notAnAxis, userId: marta.userId })).status).toBe(422);
    const assigned = await secure('POST', 'campaigns/assign', tokens.responsable, { id: campaignId, axisId: mine, userId: marta.userId });
    expect(assigned.body.response).toEqual([{ axisId: mine, policyId: null, userId: marta.userId, email: marta.email, name: '' }] satisfies Assignments);
    expect((await secure('GET', `campaigns/assignments?id=${campaignId}`, collaborator)).body.response).toEqual(assigned.body.response);
    expect((await members()).find((m) => m.userId === marta.userId)!.assigned).toEqual([mine]);

    const ownQuestion = questions.find((q) => q.axisId === mine)!;
    const otherQuestion = questions.find((q) => q.axisId === theirs)!;
    const save = (question: Subindicator, token: string) =>
      secure('POST', 'campaigns/saveAnswer', token, { id: campaignId, question: question.id, answer: [question.responses[0].id] });
    expect((await save(ownQuestion, collaborator)).status).toBe(200);
    const refused = await save(otherQuestion, collaborator);
    expect([refused.status, refused.body.error.data]).toEqual([403, 'NOT_ASSIGNED']);
    expect((await save(otherQuestion, tokens.responsable)).status).toBe(200);
    // Evidence alike: added and removed only behind the axes assigned.
    const link = (question: Subindicator, token: string) =>
      secure('POST', 'campaigns/evidence/addLink', token, { id: campaignId, question: question.id, url: 'https://sede.example/acta.pdf' });
    expect((await link(ownQuestion, collaborator)).status).toBe(200);
    expect((await link(otherQuestion, collaborator)).status).toBe(403);
    const theirsEvidence = (await link(otherQuestion, tokens.responsable)).body.response.id as number;
    expect((await secure('POST', 'campaigns/evidence/remove', collaborator, { id: campaignId, evidenceId: theirsEvidence })).status).toBe(403);
    expect((await db.query('SELECT 1 FROM evidence WHERE id = $1', [theirsEvidence])).length).toBe(1);
    // The whole campaign at once is the responsible member's: prefill and submit.
    expect((await secure('POST', 'campaigns/prefill', collaborator, { id: campaignId })).status).toBe(403);
    expect((await secure('POST', 'campaigns/submit', collaborator, { id: campaignId })).status).toBe(403);
    expect((await secure('POST', 'campaigns/submit', tokens.responsable, { id: campaignId })).body.error?.data).toBe('NOT_ALL_ANSWERED');

    // Unassigned, the axis is the responsible members' again; a member who leaves takes their axes along.
    expect((await secure('POST', 'campaigns/assign', tokens.responsable, { id: campaignId, axisId: mine, userId: null })).body.response).toEqual([]);
    expect((await save(ownQuestion, collaborator)).status).toBe(403);
    await secure('POST', 'campaigns/assign', tokens.responsable, { id: campaignId, axisId: theirs, userId: marta.userId });
    expect((await secure('POST', 'entities/members/remove', tokens.responsable, { entityId, userId: marta.userId })).status).toBe(200);
    expect((await secure('GET', `campaigns/assignments?id=${campaignId}`, tokens.admin)).body.response).toEqual([]);
    expect((await save(otherQuestion, collaborator)).status).toBe(404);
    expect(
      (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'campaign.assign' AND target_id = $1", [String(campaignId)]))[0]
        .n,
    ).toBe(3);
  });

  it('assigns a policy of an axis apart, which then follows its own assignee and not the axis', async () => {
    const policiesOf = (axisId: number) => [...new Set(questions.filter((q) => q.axisId === axisId).map((q) => q.policyId))];
    const axis = [...new Set(questions.map((q) => q.axisId))].find((a) => policiesOf(a).length > 1)!;
    const [kept, apart] = policiesOf(axis);
    const otherAxis = questions.find((q) => q.axisId !== axis)!;
    const created = await invite('pablo@equipo.es', 'colaborador');
    const pablo = created.body.response.userId as number;
    const collaborator = await firstSignIn('pablo@equipo.es', created.body.response.temporaryPassword);
    const self = (await members()).find((m) => m.email === 'responsable@equipo.es')!.userId;
    const assign = (body: Record<string, unknown>, token = tokens.responsable) => secure('POST', 'campaigns/assign', token, { id: campaignId, ...body });
    const question = (policyId: number) => questions.find((q) => q.axisId === axis && q.policyId === policyId)!;
    const save = (policyId: number) =>
      secure('POST', 'campaigns/saveAnswer', collaborator, { id: campaignId, question: question(policyId).id, answer: [question(policyId).responses[0].id] });

    // The axis to Pablo, one of its policies to the responsible member: Pablo answers the rest of the axis only.
    expect((await assign({ axisId: axis, userId: pablo })).status).toBe(200);
    const both = await assign({ axisId: axis, policyId: apart, userId: self });
    expect(both.body.response.map((a: Assignments[number]) => [a.axisId, a.policyId, a.userId])).toEqual([
      [axis, null, pablo],
      [axis, apart, self],
    ]);
    expect((await save(kept)).status).toBe(200);
    expect((await save(apart)).body.error?.data).toBe('NOT_ASSIGNED');
    expect((await members()).find((m) => m.userId === self)!.assignedPolicies).toEqual([{ axisId: axis, policyId: apart }]);

    // The other way round: the axis to nobody, the policy to Pablo.
    await assign({ axisId: axis, userId: null });
    await assign({ axisId: axis, policyId: apart, userId: pablo });
    expect((await save(apart)).status).toBe(200);
    expect((await save(kept)).status).toBe(403);
    const team = await members();
    expect(team.find((m) => m.userId === pablo)).toMatchObject({ assigned: [], assignedPolicies: [{ axisId: axis, policyId: apart }] });
    expect(team.find((m) => m.userId === self)).toMatchObject({ assigned: [], assignedPolicies: [] });

    // Only a policy of that axis in this campaign's questionnaire, strictly typed; only by those who manage the team.
    const otherPolicy = otherAxis.policyId;
    for (const body of [
      { axisId: axis, policyId: otherPolicy, userId: pablo },
      { axisId: axis, policyId: axis, userId: pablo },
      { axisId: axis, policyId: 999999, userId: pablo },
      { axisId: axis, policyId: String(apart), userId: pablo },
      { axisId: axis, policyId: null, userId: pablo },
      { axisId: axis, policyId: 0, userId: pablo },
    ])
      expect([body, (await assign(body)).status]).toEqual([body, 422]);
    expect((await assign({ axisId: axis, policyId: kept, userId: pablo }, collaborator)).status).toBe(403);
    // A member of another entity only (the outsider is this one's collaborator too): as if the campaign did not exist.
    await createTestUser(db, 'solo@ajena.es', 'clave-solo-1', 'USER', [otherEntityId]);
    const stranger = (await signIn(server, 'solo@ajena.es', 'clave-solo-1')).access_token;
    expect((await assign({ axisId: axis, policyId: kept, userId: pablo }, stranger)).status).toBe(404);
    expect((await assign({ axisId: axis, userId: pablo }, stranger)).status).toBe(404);
    const [audit] = await db.query<{ details: Record<string, unknown> }>(
      "SELECT details FROM audit_log WHERE action = 'campaign.assign' AND target_id = $1 ORDER BY id DESC LIMIT 1",
      [String(campaignId)],
    );
    expect(audit.details).toMatchObject({ entityId, axisId: axis, policyId: apart, userId: pablo });

    // Back to its axis (nobody's: the responsible members'), and a member who leaves takes their policies along:
    // taken out of the team, or of the entity by an administrator in 'Usuarios', or made an administrator (FEC) there.
    expect((await assign({ axisId: axis, policyId: apart, userId: null })).body.response).toEqual([]);
    expect((await save(apart)).status).toBe(403);
    const assignedNow = async () => (await secure('GET', `campaigns/assignments?id=${campaignId}`, tokens.admin)).body.response as Assignments;
    const updateUser = (body: Record<string, unknown>) => secure('POST', 'users/update', tokens.admin, { id: pablo, email: 'pablo@equipo.es', ...body });
    await assign({ axisId: axis, policyId: kept, userId: pablo });
    await assign({ axisId: axis, userId: pablo });
    expect((await updateUser({ role: 1, entities: [entityId, otherEntityId] })).status).toBe(200);
    expect(await assignedNow()).toHaveLength(2);
    expect((await updateUser({ role: 1, entities: [otherEntityId] })).status).toBe(200);
    expect(await assignedNow()).toEqual([]);
    expect((await updateUser({ role: 1, entities: [entityId] })).status).toBe(200);
    await assign({ axisId: axis, policyId: kept, userId: pablo });
    expect((await updateUser({ role: 3, entities: [entityId] })).status).toBe(200);
    expect(await assignedNow()).toEqual([]);
    expect((await updateUser({ role: 1, entities: [entityId] })).status).toBe(200);
    await assign({ axisId: axis, policyId: kept, userId: pablo });
    expect((await secure('POST', 'entities/members/remove', tokens.responsable, { entityId, userId: pablo })).status).toBe(200);
    expect(await assignedNow()).toEqual([]);
  });
});
