import type { Db } from '../db/client.js';
import { enterprises } from '../db/schema/index.js';

/** The contractors of the demo: the demo terminals are shared out between them. */
export const DEMO_ENTERPRISES = [
  { code: 'DEMO-LIGHTING', name: '申城照明工程有限公司', contact: '张工', phone: '13800138001', region: '黄浦区', address: '上海市黄浦区南京东路 100 号', remark: 'Demo: lamp installation and repair' },
  { code: 'DEMO-POWER', name: '浦江电力设备维保有限公司', contact: '李工', phone: '13800138002', region: '静安区', address: '上海市静安区北京西路 200 号', remark: 'Demo: cabinet and cable maintenance' },
  { code: 'DEMO-SMART', name: '东方智慧城市科技有限公司', contact: '王工', phone: '13800138003', region: '浦东新区', address: '上海市浦东新区世纪大道 300 号', remark: 'Demo: controllers and platform' },
];

/** Demo mode: adds the demo enterprises that are missing (by code); returns how many were added. */
export async function seedDemoEnterprises(db: Db): Promise<number> {
  const added = await db.insert(enterprises).values(DEMO_ENTERPRISES).onConflictDoNothing({ target: enterprises.code }).returning({ id: enterprises.enterpriseId });
  return added.length;
}
