import type { Db } from '../../db/client.js';
import { terminals } from '../../db/schema/index.js';

/** What the start-up reconciliation needs of each terminal. */
export interface AccountRow {
  family: string;
  sn: string;
  status: number;
  secretHash: string;
}

/** Reads the terminal table for the broker accounts. */
export class AccountRepository {
  constructor(private readonly db: Db) {}

  all(): Promise<AccountRow[]> {
    return this.db.select({ family: terminals.family, sn: terminals.sn, status: terminals.status, secretHash: terminals.secretHash }).from(terminals);
  }
}
