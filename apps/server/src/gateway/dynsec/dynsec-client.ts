import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';

const REQUEST_TOPIC = '$CONTROL/dynamic-security/v1';
const RESPONSE_TOPIC = `${REQUEST_TOPIC}/response`;
/**
 * A start-up reconciliation of a large fleet is split into request messages of at most this many commands
 * and bytes: the broker refuses packets above its max_packet_size (20 KiB in docs/scale-out.md).
 */
const BATCH = 200;
const BATCH_BYTES = 12_000;

/** One command of Mosquitto's dynamic-security API (createClient, addRoleACL, ...) with its fields. */
export type DynsecCommand = { command: string } & Record<string, unknown>;

/** The broker's answer to one command: `error` is set when it was refused. */
export interface DynsecResponse {
  command: string;
  error?: string;
  data?: Record<string, unknown>;
}

interface Pending {
  resolve(r: DynsecResponse): void;
  reject(err: Error): void;
}

/**
 * The `$CONTROL/dynamic-security/v1` request/response channel. Every instance's admin client receives every
 * response on the shared response topic, so each command carries a correlation id of this client.
 */
export class DynsecClient {
  private readonly pending = new Map<string, Pending>();
  private readonly prefix = randomUUID();
  private next = 0;

  private constructor(
    private readonly client: MqttClient,
    private readonly timeoutMs: number,
  ) {
    client.on('message', (topic, payload) => topic === RESPONSE_TOPIC && this.answer(payload));
  }

  /** Connects with an account holding the dynsec admin role (`mosquitto_ctrl dynsec init`). */
  static async connect(url: string, timeoutMs = 10_000): Promise<DynsecClient> {
    const client = mqtt.connect(url, { clientId: `sl-dynsec-${randomUUID()}`, protocolVersion: 5, clean: true, reconnectPeriod: 2000, connectTimeout: timeoutMs });
    const subscribe = () => client.subscribeAsync(RESPONSE_TOPIC, { qos: 1 });
    try {
      await new Promise<void>((resolve, reject) => {
        client.once('connect', () => resolve());
        client.once('error', reject);
      });
      await subscribe();
    } catch (err) {
      // A refused account would otherwise be retried for ever in the background.
      await client.endAsync(true);
      throw new Error(`dynamic-security API through ${redacted(url)}: ${(err as Error).message}`);
    }
    client.on('connect', (connack) => void (connack.sessionPresent ? undefined : subscribe().catch(() => undefined)));
    client.on('error', () => undefined);
    return new DynsecClient(client, timeoutMs);
  }

  /** Runs commands in order (batched) and answers one response per command, refused ones included. */
  async run(commands: DynsecCommand[]): Promise<DynsecResponse[]> {
    const out: DynsecResponse[] = [];
    for (const batch of batches(commands)) out.push(...(await this.runBatch(batch)));
    return out;
  }

  private async runBatch(commands: DynsecCommand[]): Promise<DynsecResponse[]> {
    const ids = commands.map(() => `${this.prefix}:${this.next++}`);
    const answers = Promise.all(ids.map((id) => new Promise<DynsecResponse>((resolve, reject) => this.pending.set(id, { resolve, reject }))));
    answers.catch(() => undefined); // rejected by fail(); the caller hears it below
    const timer = setTimeout(() => this.fail(ids, new Error(`the broker did not answer ${commands.length} dynamic-security command(s) within ${this.timeoutMs} ms`)), this.timeoutMs);
    try {
      const body = { commands: commands.map((c, i) => ({ ...c, correlationData: ids[i] })) };
      await this.client.publishAsync(REQUEST_TOPIC, JSON.stringify(body), { qos: 1 });
      return await answers;
    } catch (err) {
      this.fail(ids, err as Error);
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  private answer(payload: Buffer) {
    let responses: unknown;
    try {
      responses = (JSON.parse(payload.toString()) as { responses?: unknown }).responses;
    } catch {
      return;
    }
    if (!Array.isArray(responses)) return;
    for (const r of responses as (DynsecResponse & { correlationData?: string })[]) {
      const waiting = r.correlationData === undefined ? undefined : this.pending.get(r.correlationData);
      if (!waiting) continue;
      this.pending.delete(r.correlationData!);
      waiting.resolve({ command: r.command, error: r.error, data: r.data });
    }
  }

  private fail(ids: string[], err: Error) {
    for (const id of ids) {
      this.pending.get(id)?.reject(err);
      this.pending.delete(id);
    }
  }

  close(): Promise<void> {
    this.fail([...this.pending.keys()], new Error('the dynamic-security client was closed'));
    return this.client.endAsync(true);
  }
}

function* batches(commands: DynsecCommand[]): Generator<DynsecCommand[]> {
  let batch: DynsecCommand[] = [];
  let bytes = 0;
  for (const c of commands) {
    const size = Buffer.byteLength(JSON.stringify(c)) + 64; // with its correlation id
    if (batch.length && (batch.length === BATCH || bytes + size > BATCH_BYTES)) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(c);
    bytes += size;
  }
  if (batch.length) yield batch;
}

const redacted = (url: string) => {
  const u = new URL(url);
  u.password = '';
  return u.toString();
};
