import type { BrokerAclBody, BrokerAuthBody } from '@sl/contracts';
import type { SignInRefusal } from '../../gateway/device-transport.js';
import { checkSignIn } from '../../gateway/sign-in.js';
import type { TerminalRecordRepository } from '../../gateway/terminal-record-repository.js';
import { filterWithin, parseIdentity, topicMatches } from '../../gateway/terminal-identity.js';

export interface BrokerAccount {
  username: string;
  password: string;
}

const GATEWAY_SUBSCRIPTION = 'sl/+/+/up/+';
const GATEWAY_PUBLISH = 'sl/+/+/down/+';
const withoutShare = (filter: string) => filter.replace(/^\$share\/[^/]+\//, '');

/**
 * The rules of docs/protocol.md §2 for an external broker: a terminal signs in with `{family}:{sn}`
 * (also its client id) and its secret, publishes only under its `up/` and reads only its `down/`;
 * the gateway's own account (from MQTT_URL) subscribes to every up topic and publishes down.
 */
export class BrokerAuthService {
  constructor(
    private readonly terminals: TerminalRecordRepository,
    private readonly gateway: BrokerAccount | undefined,
    /** Logs and counts a refusal (the gateway's stats().authRefused). */
    private readonly refused: (reason: SignInRefusal, who: { clientId: string; username: string }) => void = () => {},
  ) {}

  async authenticate({ username, password, clientid }: BrokerAuthBody): Promise<boolean> {
    const reason = this.isGateway(username)
      ? password === this.gateway!.password ? undefined : 'badCredentials'
      : await checkSignIn((family, sn) => this.terminals.findByKey(family, sn), { clientId: clientid, username, password });
    if (reason) this.refused(reason, { clientId: clientid, username });
    return !reason;
  }

  authorize({ username, topic, action, acc }: BrokerAclBody): boolean {
    const publish = action ? action === 'publish' : acc === 2 || acc === 3;
    const read = action ? action === 'subscribe' : acc !== 2;
    if (this.isGateway(username)) {
      return (!publish || topicMatches(GATEWAY_PUBLISH, topic)) && (!read || this.gatewayReads(topic));
    }
    const key = parseIdentity(username);
    if (!key) return false;
    const prefix = `sl/${key.family}/${key.sn}/`;
    const ownUp = topic.startsWith(`${prefix}up/`) && topic.split('/').length === 5 && !/[+#]/.test(topic);
    return (!publish || ownUp) && (!read || filterWithin(topic, `${prefix}down/`));
  }

  private isGateway(username: string) {
    return !!this.gateway && username === this.gateway.username;
  }

  // A subscription filter (shared or not) to every up topic, or a concrete up topic delivered under it.
  private gatewayReads(topic: string) {
    const filter = withoutShare(topic);
    return filter === GATEWAY_SUBSCRIPTION || topicMatches(GATEWAY_SUBSCRIPTION, filter);
  }
}

/** The gateway's account on the external broker, from the credentials in MQTT_URL. */
export function gatewayAccount(mqttUrl: string | undefined): BrokerAccount | undefined {
  if (!mqttUrl) return undefined;
  const url = new URL(mqttUrl);
  return url.username ? { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) } : undefined;
}
