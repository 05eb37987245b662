import { seedDemo } from '../db/seed/demo.js';
import { runCli } from './run.js';

// Loads the demo data into an empty database (it refuses a database that already has users).
void runCli(async (db) => {
  const seeded = await seedDemo(db);
  console.log(seeded ? 'Demo data loaded: admin@demo.es, fec@demo.es, usuario@demo.es (password demo1234).' : 'The database already has users: nothing done.');
});
