import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '@sl/contracts';
import { configs, departments, energyNotices, enterprises, roles, terminals, users } from '../src/db/schema/index.js';
import { seedAtStart } from '../src/seed/seed-at-start.js';
import { seedDemoTerminals } from '../src/seed/seed-demo-terminals.js';
import { describeEachEngine } from './support/each-engine.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

/** Every name and remark the seed writes (organisation and demo), labelled for the failure message. */
async function seededTexts(t: TestApp): Promise<Array<[string, string]>> {
  const db = t.database.db;
  const texts: Array<[string, string | null]> = [
    ...(await db.select().from(departments)).map((d): [string, string] => [`dept ${d.deptId}`, d.deptName]),
    ...(await db.select().from(roles)).flatMap((r): Array<[string, string | null]> => [[`role ${r.roleKey}`, r.roleName], [`role ${r.roleKey} remark`, r.remark]]),
    ...(await db.select().from(users)).flatMap((u): Array<[string, string | null]> => [[`user ${u.username}`, u.nickName], [`user ${u.username} introduction`, u.introduction]]),
    ...(await db.select().from(configs)).flatMap((c): Array<[string, string | null]> => [[`config ${c.configKey}`, c.configName], [`config ${c.configKey} remark`, c.remark]]),
    ...(await db.select().from(enterprises)).flatMap((e): Array<[string, string | null]> =>
      [[`enterprise ${e.code}`, e.name], [`${e.code} contact`, e.contact], [`${e.code} region`, e.region], [`${e.code} address`, e.address], [`${e.code} remark`, e.remark]]),
    ...(await db.select().from(terminals)).flatMap((r): Array<[string, string | null]> => [[`terminal ${r.sn}`, r.name], [`${r.sn} area`, r.area], [`${r.sn} address`, r.address]]),
    ...(await db.select().from(energyNotices)).flatMap((n): Array<[string, string | null]> =>
      [[`notice ${n.id}`, n.sendTitle], [`notice ${n.id} content`, n.sendContent], [`notice ${n.id} reply`, n.recvContent], [`notice ${n.id} receiver`, n.recvName], [`notice ${n.id} sender`, n.sendDept]]),
  ];
  return texts.filter((x): x is [string, string] => !!x[1]);
}

describeEachEngine('seed language (SEED_LANGUAGE)', (engine) => {
  const apps: Partial<Record<Locale, TestApp>> = {};
  const seeded = async (locale: Locale) => {
    const t = (apps[locale] = await createTestApp(engine, { SEED_LANGUAGE: locale }));
    await seedAtStart(t.database.db, t.config);
    await seedDemoTerminals(t.database.db, { demoSecret: 'demo-fleet', locale });
    return t;
  };
  beforeAll(async () => {
    await seeded('en-US');
    await seeded('zh-CN');
  });
  afterAll(async () => {
    await apps['en-US']?.close();
    await apps['zh-CN']?.close();
  });

  describe('en-US', () => {
    it('writes no Chinese into any demo name or remark, the repairer role included', async () => {
      const texts = await seededTexts(apps['en-US']!);
      expect(texts.length).toBeGreaterThan(100);
      expect(texts.filter(([, v]) => CJK.test(v))).toEqual([]);
      const [repairer] = (await apps['en-US']!.database.db.select().from(roles)).filter((r) => r.roleKey === 'repairer');
      expect(repairer.roleName).toBe('Repairer');
    });

    it('seeds again without adding or renaming anything', async () => {
      const t = apps['en-US']!;
      const before = await seededTexts(t);
      await seedAtStart(t.database.db, t.config);
      expect(await seedDemoTerminals(t.database.db, { demoSecret: 'demo-fleet', locale: 'en-US' })).toBe(0);
      expect(await seededTexts(t)).toEqual(before);
    });
  });

  it('zh-CN (the default) writes every demo name and remark in Chinese, no English remark', async () => {
    const texts = await seededTexts(apps['zh-CN']!);
    expect(texts.length).toBeGreaterThan(100);
    expect(texts.filter(([, v]) => !CJK.test(v))).toEqual([]);
  });
});
