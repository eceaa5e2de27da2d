// A vitest reporter that writes `.test-results/browser-phase-started` when the first browser (e2e) file starts.
// `.ci/run` waits for it before type-checking and linting: the projects before the browser phase keep both cores
// busy, while the browser phase leaves one partly idle.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const marker = path.resolve(import.meta.dirname, '..', '.test-results', 'browser-phase-started');

export default class BrowserPhaseReporter {
  marked = false;

  onTestModuleStart(testModule) {
    if (this.marked || testModule.project.name !== 'e2e') return;
    this.marked = true;
    mkdirSync(path.dirname(marker), { recursive: true });
    writeFileSync(marker, new Date().toISOString());
  }
}
