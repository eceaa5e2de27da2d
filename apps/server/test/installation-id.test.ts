import { expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { InstallationRepository } from '../src/system/installation/installation-repository.js';
import { installationId, redisPrefix } from '../src/system/installation/installation-service.js';
import { describeEachEngine } from './support/each-engine.js';
import { openTestDatabase } from './support/engines.js';

describeEachEngine('the installation id that prefixes Redis channels and keys', (engine) => {
  it('is made once per database at its first use and kept; another database gets its own', async () => {
    const [one, two] = [await openTestDatabase(engine), await openTestDatabase(engine)];
    try {
      const id = await installationId({}, one.db);
      expect(id).toMatch(/^[0-9a-f]{16}$/);
      expect(await redisPrefix({}, one.db)).toBe(`sl:${id}:`);
      // Another instance (or a restart) on the same database proposes its own and is given the stored one.
      expect(await new InstallationRepository(one.db).idOr('another-instance')).toBe(id);
      expect(await installationId({}, two.db)).not.toBe(id);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('is INSTALLATION_ID when set, which may hold letters, digits, _ . - only', async () => {
    const database = await openTestDatabase(engine);
    try {
      const config = loadConfig({ INSTALLATION_ID: 'city-a.prod_1' });
      expect(await redisPrefix(config, database.db)).toBe('sl:city-a.prod_1:');
      expect(() => loadConfig({ INSTALLATION_ID: 'city:a' })).toThrow(/INSTALLATION_ID/);
    } finally {
      await database.close();
    }
  });
});
