import { importCatalogueFile } from '../catalogue/import.js';
import { parseCliArgs, runCli, UsageError } from './run.js';

const USAGE = 'Usage: npm run catalogue:import -- <catalogue.json>';

// Imports a questionnaire catalogue (src/server/catalogue/FORMAT.md) as a new edition.
void runCli(async (db) => {
  const { positionals } = parseCliArgs({ allowPositionals: true, options: {} }, USAGE);
  if (positionals.length !== 1) throw new UsageError(USAGE);
  const { catalogue, editionId } = await importCatalogueFile(db, positionals[0]);
  const subindicators = catalogue.axes.flatMap((a) => a.policies.flatMap((p) => p.measures.flatMap((m) => m.indicators.flatMap((i) => i.subindicators))));
  console.log(`Imported edition ${catalogue.edition} (id ${editionId}): ${catalogue.axes.length} axes, ${subindicators.length} questions.`);
});
