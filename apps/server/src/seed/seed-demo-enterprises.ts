import { DEFAULT_LOCALE, type Locale } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { enterprises } from '../db/schema/index.js';
import type { Bilingual } from './seed-texts.js';

/** The contractors of the demo: the demo terminals are shared out between them. */
export const DEMO_ENTERPRISES = [
  { code: 'DEMO-LIGHTING', phone: '13800138001' },
  { code: 'DEMO-POWER', phone: '13800138002' },
  { code: 'DEMO-SMART', phone: '13800138003' },
] as const;

type EnterpriseTexts = { name: string; contact: string; region: string; address: string; remark: string };
const TEXTS: Bilingual<Record<(typeof DEMO_ENTERPRISES)[number]['code'], EnterpriseTexts>> = {
  'zh-CN': {
    'DEMO-LIGHTING': { name: '申城照明工程有限公司', contact: '张工', region: '黄浦区', address: '上海市黄浦区南京东路 100 号', remark: '演示：路灯安装与维修' },
    'DEMO-POWER': { name: '浦江电力设备维保有限公司', contact: '李工', region: '静安区', address: '上海市静安区北京西路 200 号', remark: '演示：配电柜与电缆维护' },
    'DEMO-SMART': { name: '东方智慧城市科技有限公司', contact: '王工', region: '浦东新区', address: '上海市浦东新区世纪大道 300 号', remark: '演示：控制器与平台' },
  },
  'en-US': {
    'DEMO-LIGHTING': { name: 'Shencheng Lighting Engineering Ltd', contact: 'Mr Zhang', region: 'Huangpu', address: '100 East Nanjing Road, Huangpu, Shanghai', remark: 'Demo: lamp installation and repair' },
    'DEMO-POWER': { name: 'Pujiang Power Equipment Maintenance Ltd', contact: 'Mr Li', region: "Jing'an", address: "200 West Beijing Road, Jing'an, Shanghai", remark: 'Demo: cabinet and cable maintenance' },
    'DEMO-SMART': { name: 'Dongfang Smart City Technology Ltd', contact: 'Ms Wang', region: 'Pudong', address: '300 Century Avenue, Pudong, Shanghai', remark: 'Demo: controllers and platform' },
  },
};

/** Demo mode: adds the demo enterprises that are missing (by code), in the installation's language; returns how many were added. */
export async function seedDemoEnterprises(db: Db, locale: Locale = DEFAULT_LOCALE): Promise<number> {
  const rows = DEMO_ENTERPRISES.map((e) => ({ ...e, ...TEXTS[locale][e.code] }));
  const added = await db.insert(enterprises).values(rows).onConflictDoNothing({ target: enterprises.code }).returning({ id: enterprises.enterpriseId });
  return added.length;
}
