import { checkTerritorialFigures, consistencySummary, describeDifference } from '../reports/consistency.js';
import { runCli } from './run.js';

// Recomputes the territorial sums and entity counts from the stored scores and entities and prints every
// difference; exit status 1 when there is one (or the database cannot be read), 0 otherwise.
void runCli(async (db) => {
  const { figures, differences } = await checkTerritorialFigures(db);
  for (const difference of differences) console.log(describeDifference(difference));
  console.log(consistencySummary(figures, differences));
  if (differences.length > 0) process.exitCode = 1;
});
