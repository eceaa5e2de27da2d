import type { Config } from './config.js';
import { setInstallationTimeZone } from './devices/terminal/terminal-zone-domain.js';
import type { Db } from './db/client.js';
import type { GatewayHandle } from './gateway/ports.js';
import { TerminalRepository } from './gateway/terminal-repository.js';
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

/** Wires repositories into services once per app; routes receive this object. */
/**
 * `gateway` is absent when the server runs without the device gateway (some tests). `log` is the app's
 * logger (redacting, at LOG_LEVEL), which pushes, alarms and SMS log through from the start.
 */
export function createServices(config: Config, db: Db, throttleLimits: ThrottleLimits = DEFAULT_THROTTLE, gateway: GatewayHandle | undefined, log: PushLog) {
  setInstallationTimeZone(config.TIME_ZONE);
  const authRepo = new AuthRepository(db);
  const users = new UserRepository(db);
  /** Account status and token version per user, cached briefly; `accounts.forget(ids)` after changing them. */
  const accounts = new AccountStates(users, config.ACCOUNT_CACHE_MS);
  const tokens = new TokenService(config, authRepo, accounts);
  /** Password attempts per account, account-and-address and address, counted in the database. */
  const throttle = new LoginThrottle(new ThrottleRepository(db), throttleLimits);
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
  const services = {
    config, db, gateway, authRepo, users, accounts, tokens, throttle, captcha, cipher, passwords, passwordPolicy, auth,
    menus: menuRepo,
    menuAdmin: new MenuService(menuRepo, delegation),
    configs,
    access,
    /** Principals per user, cached briefly; any changing API call forgets them (plugins/authenticate.ts). */
    principals: new Principals(access, config.ACCOUNT_CACHE_MS),
    operLogs: new LogRepository(db),
    depts: new DeptService(deptRepo),
    delegation,
    roles: new RoleService(new RoleRepository(db), deptRepo, delegation),
    files,
    userAdminRepo,
    userAdmin: new UserAdminService(userAdminRepo, deptRepo, { cipher, hashes: passwords, policy: passwordPolicy }, accounts, delegation),
    profile: new ProfileService({ admin: userAdminRepo, users, cipher, passwords, passwordPolicy, files, auth, tokens, accounts }),
    /** WebSocket pushes: `push.publish(channel, message, audience)` reaches sockets on every instance. */
    push,
    brokerAuth: new BrokerAuthService(new TerminalRepository(db), gatewayAccount(config.MQTT_URL), gateway?.signInRefused),
    notices: new NoticeService(noticeRepo, startNoticePushes(push, noticeRepo)),
    /** Policies, templates, plans, emergency overrides, sets, pickers and downloads (control/); set below. */
    control: undefined as unknown as ControlServices,
  };
  // Control reads the gateway when it sends, so a gateway attached after start-up (tests) is used.
  services.control = createControlServices(db, () => services.gateway?.commands, config.COMMAND_TTL_MS);
  return services;
}

export type Services = ReturnType<typeof createServices>;
