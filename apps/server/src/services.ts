import type { Config } from './config.js';
import { setInstallationTimeZone } from './devices/terminal/terminal-zone-domain.js';
import type { Db } from './db/client.js';
import type { GatewayHandle } from './gateway/ports.js';
import { TerminalRecordRepository } from './gateway/terminal-record-repository.js';
import { BrokerAuthService, gatewayAccount } from './devices/broker-auth/broker-auth-service.js';
import { AuthRepository } from './auth/auth-repository.js';
import { AuthService } from './auth/auth-service.js';
import { CaptchaService } from './auth/captcha-service.js';
import { AccountStates } from './auth/account-state.js';
import { DEFAULT_THROTTLE, LoginThrottle, type ThrottleLimits } from './auth/login-throttle.js';
import { ThrottleRepository } from './auth/throttle-repository.js';
import { PasswordCipher } from './auth/password-cipher.js';
import { PasswordHashService } from './auth/password-hash-service.js';
import { PasswordPolicyService } from './auth/password-policy-service.js';
import { TokenService } from './auth/token-service.js';
import { ConfigRepository } from './system/config/config-repository.js';
import { MenuRepository } from './system/menu/menu-repository.js';
import { MenuService } from './system/menu/menu-service.js';
import { UserRepository } from './system/user/user-repository.js';
import { AccessRepository } from './system/access/access-repository.js';
import { Delegation } from './system/access/delegation.js';
import { Principals } from './system/access/principals.js';
import { DelegationRepository } from './system/access/delegation-repository.js';
import { DeptRepository } from './system/dept/dept-repository.js';
import { DeptService } from './system/dept/dept-service.js';
import { LogRepository } from './system/log/log-repository.js';
import { RoleRepository } from './system/role/role-repository.js';
import { RoleService } from './system/role/role-service.js';
import { UserAdminRepository } from './system/user/user-admin-repository.js';
import { UserAdminService } from './system/user/user-admin-service.js';
import { ProfileService } from './system/user/profile-service.js';
import { DiskFileStore } from './storage/file-store.js';
import path from 'node:path';
import { createPushHub } from './push/create-push-hub.js';
import type { PushLog } from './push/push-hub.js';
import { startNoticePushes } from './push/notice-pushes.js';
import { NoticeRepository } from './energy/notice/notice-repository.js';
import { NoticeService } from './energy/notice/notice-service.js';
import { createControlServices, type ControlServices } from './control/control-services.js';
import { createMailer } from './mail/mailer.js';
import { createNotifyService } from './notify/notify-domain.js';
import { createReportServices } from './reports/report-services.js';
import { createDomainCore, type DomainCore } from './domain-core.js';
import { createAlarmDomain } from './alarms/alarm-domain.js';
import { createSmsService } from './sms/sms-domain.js';
import { createLeafletService } from './dispatch/leaflet-domain.js';
import { createTerminalServices } from './devices/terminal/terminal-services.js';
import { createSettingsContext } from './devices/settings/settings-context.js';
import { createHeartbeats } from './devices/heartbeat/heartbeat-context.js';
import { createMapDomain } from './map/map-domain.js';
import { AlarmLogRepository } from './alarms/alarm-log-repository.js';
import { AlarmSetRepository } from './alarms/alarm-set-repository.js';
import { AlarmSetService } from './alarms/alarm-set-service.js';
import { WorkOrderRepository } from './dispatch/work-order-repository.js';
import { WorkOrderService } from './dispatch/work-order-service.js';
import { EnterpriseRepository } from './system/enterprise/enterprise-repository.js';
import { EnterpriseService } from './system/enterprise/enterprise-service.js';
import { ConfigAdminRepository } from './system/config/config-admin-repository.js';
import { ConfigService } from './system/config/config-service.js';
import { DictDataRepository } from './system/dict/dict-data-repository.js';
import { DictDataService } from './system/dict/dict-data-service.js';
import { DictTypeRepository } from './system/dict/dict-type-repository.js';
import { DictTypeService } from './system/dict/dict-type-service.js';
import { RepairRepository } from './devices/repair/repair-repository.js';
import { RepairService } from './devices/repair/repair-service.js';
import { OverCurrentRepository } from './devices/settings/over-current-repository.js';
import { OverCurrentService } from './devices/settings/over-current-service.js';
import { HistoryRepository } from './devices/heartbeat/history-repository.js';
import { HistoryService } from './devices/heartbeat/history-service.js';
import { BoxRepository } from './devices/box/box-repository.js';
import { BoxService } from './devices/box/box-service.js';
import { createAssetDomain } from './assets/asset-domain.js';
import { createOpenDomain } from './open/open-domain.js';
import { createWebhookService } from './open/webhooks/webhook-domain.js';
import { actionCommand, BatchCommandService } from './devices/terminal/batch-command-service.js';
import { BatchProgress } from './devices/terminal/batch-progress.js';
import { AlarmTexts } from './alarms/alarm-texts.js';
import { createWxDomain } from './system/wx/wx-domain.js';

/** Wires repositories into services once per app; routes receive this object. */
/**
 * `gateway` is absent when the server runs without the device gateway (some tests). `log` is the app's
 * logger (redacting, at LOG_LEVEL), which pushes, alarms and SMS log through from the start. `core` (the
 * event bus and the one alarm workflow) is the gateway's, so both sides of one server share it.
 */
export function createServices(config: Config, db: Db, throttleLimits: ThrottleLimits = DEFAULT_THROTTLE, gateway: GatewayHandle | undefined, log: PushLog, core: DomainCore = gateway?.core ?? createDomainCore(db, log)) {
  setInstallationTimeZone(config.TIME_ZONE);
  const authRepo = new AuthRepository(db);
  const users = new UserRepository(db);
  /** Account status and token version per user, cached briefly; `accounts.forget(ids)` after changing them. */
  const accounts = new AccountStates(users, config.ACCOUNT_CACHE_MS);
  const tokens = new TokenService(config, authRepo, accounts);
  /** Attempt and call counters in the database, shared by every instance. */
  const counters = new ThrottleRepository(db);
  /** Password attempts per account, account-and-address and address. */
  const throttle = new LoginThrottle(counters, throttleLimits);
  const captcha = new CaptchaService(authRepo);
  const cipher = new PasswordCipher(config.PASSWORD_KEY);
  /** Every password hash and comparison, at PASSWORD_HASH_COST. */
  const passwords = new PasswordHashService(config.PASSWORD_HASH_COST);
  const configs = new ConfigRepository(db);
  /** The rules for new passwords, as the administrator set them in the system configuration. */
  const passwordPolicy = new PasswordPolicyService(configs);
  const auth = new AuthService({ users, repo: authRepo, captcha, cipher, throttle, passwords, tokens, captchaRequired: config.CAPTCHA });
  const deptRepo = new DeptRepository(db);
  const menuRepo = new MenuRepository(db);
  const userAdminRepo = new UserAdminRepository(db);
  const files = new DiskFileStore(path.join(config.DATA_DIR, 'uploads'));
  const push = createPushHub(config, db, log);
  const noticeRepo = new NoticeRepository(db);
  const delegation = new Delegation(new DelegationRepository(db));
  const access = new AccessRepository(db, users);
  const mailer = createMailer(config);
  const depts = new DeptService(deptRepo);
  const services = {
    config, db, gateway, core,
    /** The domain events (events/domain-events.ts); subscriptions live in reactions.ts. */
    events: core.events,
    authRepo, users, accounts, tokens, throttle, captcha, cipher, passwords, passwordPolicy, auth,
    /** Attempt and call counters (sign-in throttle, open API rate limits), for the expiry job (auth-purge-job.ts). */
    counters,
    menus: menuRepo,
    menuAdmin: new MenuService(menuRepo, delegation),
    configs,
    access,
    /** Principals per user, cached briefly; any changing API call forgets them (plugins/authenticate.ts). */
    principals: new Principals(access, config.ACCOUNT_CACHE_MS),
    operLogs: new LogRepository(db),
    depts,
    delegation,
    roles: new RoleService(new RoleRepository(db), deptRepo, delegation),
    files,
    userAdminRepo,
    userAdmin: new UserAdminService(userAdminRepo, deptRepo, { cipher, hashes: passwords, policy: passwordPolicy }, accounts, delegation),
    /** QR sign-in (system/wx/); its Redis store, when REDIS_URL is set, closes with the app. */
    wx: createWxDomain(config, db, { users, authRepo, tokens, cipher, throttle, passwords }, log),
    profile: new ProfileService({ admin: userAdminRepo, users, cipher, passwords, passwordPolicy, files, auth, tokens, accounts }),
    /** WebSocket pushes: `push.publish(channel, message, audience)` reaches sockets on every instance. */
    push,
    /** E-mail through SMTP_URL (mail/mailer.ts): `mailer.send({to, subject, text, html?, attachments?})`. */
    mailer,
    /** Alarm notices by e-mail and group robots, retried by the `notify.retry` job. */
    notify: createNotifyService(db, mailer, depts, log, config.TIME_ZONE),
    /** Energy, savings and operations reports, the month PDF and its e-mail (reports/). */
    reports: createReportServices(db, config, configs, mailer),
    brokerAuth: new BrokerAuthService(new TerminalRecordRepository(db), gatewayAccount(config.MQTT_URL), gateway?.signInRefused),
    notices: new NoticeService(noticeRepo, startNoticePushes(push, noticeRepo)),
    /** Policies, templates, plans, emergency overrides, sets, pickers and downloads (control/); set below. */
    control: undefined as unknown as ControlServices,
  };
  // Control reads the gateway when it sends, so a gateway attached after start-up (tests) is used.
  services.control = createControlServices(db, () => services.gateway?.commands, config.COMMAND_TTL_MS, core.deviceLogs);
  const sms = createSmsService(config, db, log);
  const deviceCommands = createSettingsContext(db, () => services.gateway?.commands);
  const alarmDomain = createAlarmDomain(db, core);
  const terminalDomain = createTerminalServices({ db, files, config, accounts: () => services.gateway?.accounts, changed: (change) => core.events.emit('terminal.changed', change) });
  const alarmSetRepo = new AlarmSetRepository(db);
  const batchProgress = new BatchProgress((userId, message) => {
    push.publish('msg', message, [userId]).catch((err: unknown) => log.error({ err, batchId: message.batchId }, 'batch progress push failed'));
  });
  const workOrders = new WorkOrderService(new WorkOrderRepository(db), alarmDomain.reads, core.alarms, sms, files);
  return Object.assign(services, {
    /** Alarm reads, the alarm service and the core's workflow (alarms, dispatch, citizen reports). */
    alarmDomain,
    alarmLogs: new AlarmLogRepository(db),
    alarmSets: {
      repo: alarmSetRepo,
      service: new AlarmSetService(alarmSetRepo, core.alarmSettings, services.depts),
      /** Texts each new alarm to the people of the settings in force (followed in reactions.ts). */
      texts: new AlarmTexts(core.alarmSettings, alarmSetRepo, services.principals, sms, log),
    },
    workOrders,
    /** Lamp register, type catalogue, failure prediction (assets/). */
    assets: createAssetDomain(db, core.assetDirectory, workOrders),
    enterprises: new EnterpriseService(new EnterpriseRepository(db)),
    configAdmin: new ConfigService(new ConfigAdminRepository(db)),
    dictData: new DictDataService(new DictDataRepository(db)),
    dictTypes: new DictTypeService(new DictTypeRepository(db)),
    repairs: new RepairService(new RepairRepository(db, terminalDomain.terminalRepo)),
    overCurrent: new OverCurrentService(new OverCurrentRepository(db), deviceCommands.terminals),
    deviceLogs: core.deviceLogs,
    history: new HistoryService(new HistoryRepository(db), (p, id) => terminalDomain.terminals.get(p, id)),
    boxes: new BoxService(new BoxRepository(db), terminalDomain.terminalRepo),
    sms,
    leaflets: createLeafletService(db, () => sms),
    /** Terminal records, data, lifecycle; their writes raise `terminal.changed`. */
    terminalDomain,
    /** Webhook subscriptions and deliveries to other systems (open/webhooks/); reactions.ts and the workflows enqueue. */
    webhooks: createWebhookService(db, push.log),
    /** The open API: its clients, resources, commands and rate limits (open/). */
    open: createOpenDomain(db, counters, {
      ttlMs: config.COMMAND_TTL_MS,
      send: (p, deviceId, action, level) => {
        const [cmd, params] = actionCommand(action, level);
        return deviceCommands.commands.send(p, deviceId, cmd, params);
      },
    }),
    /** Commands and tasks of terminals in the caller's scope. */
    deviceCommands,
    /** Quick commands to many terminals, their progress pushed on `msg` (settled in reactions.ts). */
    batch: { commands: new BatchCommandService(terminalDomain.terminalRepo, deviceCommands.commands, batchProgress), progress: batchProgress },
    heartbeats: createHeartbeats({
      db, rollupTimeZone: config.ROLLUP_TIME_ZONE, settings: deviceCommands, push,
      gatewayRunning: () => !!services.gateway?.commands, events: () => services.gateway?.events,
    }),
    /** The digital map's fleet copy, lit set and deltas (fed by reactions.ts). */
    map: createMapDomain({ db, config, configs, push, log, followTerminals: terminalDomain.followChanges }),
  });
}

export type Services = ReturnType<typeof createServices>;
