import { openTestPglite } from '../../helpers/db.js';
import { call, startTestServer, type TestServer } from '../../helpers/server.js';
import { createTestUser, signIn } from '../../helpers/auth.js';
import { importCatalogueFile } from '../../../src/server/catalogue/import.js';
import type { Db } from '../../../src/server/db/client.js';

describe('reference data API', () => {
  let db: Db;
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    db = await openTestPglite();
    await importCatalogueFile(db, 'src/server/db/seed/catalogues/demo-2026.json');
    server = await startTestServer(db);
    await createTestUser(db, 'u@ayto.es', 'clave-segura-1');
    token = (await signIn(server, 'u@ayto.es', 'clave-segura-1')).access_token;
    // A catalogue imported into a new database: more than the default minute on a busy machine.
  }, 120_000);
  afterAll(async () => {
    await server.close();
    await db.close();
  });
  const get = (path: string, t: string | undefined = token) => call(server, 'GET', `/api/secure/v1/${path}`, { token: t });

  it('lists every municipality with its province, from memory after the first call', async () => {
    const res = await get('communities/allMunicipalities');
    expect(res.status).toBe(200);
    expect(res.body.response).toHaveLength(8131);
    expect(res.body.response).toContainEqual({ munId: '46250', name: 'València', provinceId: '46' });
    expect(res.headers.get('cache-control')).toContain('max-age=3600');
    expect((await get('communities/allMunicipalities')).body.response).toHaveLength(8131);
  });

  it('lists the communities and provinces', async () => {
    expect((await get('communities/allAutonomousCommunities')).body.response).toHaveLength(19);
    const provinces = (await get('communities/allProvinces')).body.response;
    expect(provinces).toHaveLength(52);
    expect(provinces).toContainEqual({ provinceId: '15', name: 'A Coruña', ccaaId: '12' });
  });

  it('lists categories by type and refuses other types', async () => {
    const axes = (await get('categories/all?type=axis')).body.response;
    expect(axes).toHaveLength(5);
    expect(axes[0]).toEqual({ id: expect.any(Number), text: expect.any(String), type: 'axis' });
    expect((await get('categories/all?type=policy')).body.response.length).toBeGreaterThanOrEqual(12);
    expect((await get('categories/all?type=colour')).status).toBe(422);
  });

  it('needs a signed-in user', async () => {
    expect((await get('communities/allProvinces', 'nope')).status).toBe(401);
  });
});
