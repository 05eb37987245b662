import { serverAndBrowser, startAppServer } from './helpers/appServer.js';
import { apiGet, apiPost, apiToken, offered, questionsOf } from './helpers/api.js';
import type { CampaignDetail, CampaignSummary } from '../../src/shared/api/campaigns.js';

/**
 * With freshServerOnRetry, the retry of a browser test (browserTestSetup.ts) that is its block's first starts on the data the first attempt
 * started on. The first attempt here saves an answer and fails on purpose; the log shows its error as
 * 'errors thrown in the first attempt'. The retry must find a new server without that answer.
 */
describe('a retried first browser test', () => {
  const suite = serverAndBrowser(startAppServer, { freshServerOnRetry: true });
  let attempts = 0;
  let firstUrl = '';
  let unansweredAtFirst = 0;

  it('runs again on a new server with the demo data as it was', async () => {
    attempts += 1;
    const token = await apiToken(suite.server.url, 'usuario@demo.es');
    const draft = (await apiGet<CampaignSummary[]>(suite.server.url, token, '/campaigns/all')).find((c) => c.status !== 'sent');
    if (!draft) throw new Error('The demo USER has no campaign to answer');
    const unanswered = async () => {
      const campaign = await apiGet<CampaignDetail>(suite.server.url, token, `/campaigns/get?id=${draft.id}`);
      return questionsOf(campaign).filter((q) => !q.answer?.length && !q.notApplicable);
    };
    const before = await unanswered();

    if (attempts === 1) {
      firstUrl = suite.server.url;
      unansweredAtFirst = before.length;
      const question = before[0];
      await apiPost(suite.server.url, token, '/campaigns/saveAnswer', { id: draft.id, question: question.id, answer: [offered(question)[0].id] });
      expect((await unanswered()).length).toBe(before.length - 1);
      throw new Error('First attempt fails on purpose, after saving an answer: its retry must not find that answer');
    }
    expect(attempts).toBe(2);
    expect(suite.server.url).not.toBe(firstUrl);
    expect(before.length).toBe(unansweredAtFirst);
  });
});
