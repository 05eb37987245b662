import { seedScale } from '../db/seed/scale.js';
import { runCli } from './run.js';

// Loads the benchmark data set: every municipality grouped into 2,700 entities, both editions answered and sent.
void runCli(async (db) => {
  const started = Date.now();
  const { entities, campaigns } = await seedScale(db);
  console.log(`Scale data loaded: ${entities} entities, ${campaigns} sent campaigns in ${Math.round((Date.now() - started) / 1000)} s.`);
});
