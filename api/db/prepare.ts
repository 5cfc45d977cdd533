/**
 * What every start does to the database before serving: pending migrations, the catalogue (every
 * environment), and the demo data outside production.
 */
import { isDevelopment, type Config } from '../config.ts';
import { migrateDatabase, type Database } from './client.ts';
import { seedCatalogue } from './seed-catalogue.ts';
import { seedDemoData } from './seed.ts';

export async function prepareDatabase(database: Database, config: Config): Promise<void> {
  await migrateDatabase(database);
  await seedCatalogue(database.db);
  if (isDevelopment(config)) await seedDemoData(database.db);
}
