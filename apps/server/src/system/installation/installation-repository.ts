import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql-rows.js';

/** The installation's one row (sys_installation). */
export class InstallationRepository {
  constructor(private readonly db: Db) {}

  /** The stored id; `candidate` is stored when there is none yet (instances starting together agree on one). */
  async idOr(candidate: string): Promise<string> {
    await this.db.execute(sql`insert into sys_installation (one, installation_id) values (1, ${candidate}) on conflict (one) do nothing`);
    const [row] = rowsOf<{ id: string }>(await this.db.execute(sql`select installation_id as id from sys_installation where one = 1`));
    return row.id;
  }
}
