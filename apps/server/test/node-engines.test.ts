import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// npm's own range matcher (semver ships with npm's dependency tree here); typed by hand to stay dependency-free.
const semver = createRequire(import.meta.url)('semver') as { satisfies: (v: string, range: string) => boolean; minVersion: (range: string) => { version: string } };
const root = path.resolve(import.meta.dirname, '../../..');

describe('the locked dependencies and the Node version the project supports', () => {
  it('runs on the lowest Node the root package.json accepts, so npm install prints no engine warning', () => {
    const { engines } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
    const lowest = semver.minVersion(engines.node).version;
    const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }> };
    const refusing = Object.entries(lock.packages)
      .filter(([, p]) => !p.optional && p.engines && !Array.isArray(p.engines) && p.engines.node && !semver.satisfies(lowest, p.engines.node))
      .map(([name, p]) => `${name} wants node ${(p.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });
});
