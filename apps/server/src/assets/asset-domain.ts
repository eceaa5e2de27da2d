import type { Db } from '../db/client.js';
import type { AssetDirectory } from './asset-directory.js';
import { runHealth } from './health-job.js';
import { LampAssetRepository } from './lamp-asset-repository.js';
import { LampAssetService } from './lamp-asset-service.js';
import { LampTypeRepository } from './lamp-type-repository.js';
import { LampTypeService } from './lamp-type-service.js';
import { PredictRepository } from './predict-repository.js';
import { PredictService, type RoundOpener } from './predict-service.js';

/**
 * The assets domain, built once by services.ts: the lamp register and type catalogue (each change refreshes the
 * gateway's fault thresholds through the core's directory), failure prediction, and scoring on demand.
 */
export function createAssetDomain(db: Db, directory: AssetDirectory, orders: RoundOpener) {
  const lampRepo = new LampAssetRepository(db);
  const typeRepo = new LampTypeRepository(db);
  const changed = () => directory.invalidate();
  return {
    directory,
    lampRepo,
    typeRepo,
    types: new LampTypeService(typeRepo, changed),
    lamps: new LampAssetService(lampRepo, changed),
    predict: new PredictService(new PredictRepository(db), orders),
    /** Folds the complete days and scores every lamp now (the daily `assets.health` job does it once a day). */
    scoreNow: (now: Date) => runHealth(db, now),
  };
}
