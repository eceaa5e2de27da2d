/** The complete menu of spec §1's functional areas; `name` is the stable key the console translates. */
export interface MenuSeed {
  name: string;
  title: string;
  icon?: string;
  path?: string;
  component?: string;
  permission?: string;
  visible?: '0' | '1';
  children?: MenuSeed[];
}

const crud = (prefix: string, key: string, extra: MenuSeed[] = []): MenuSeed[] => [
  { name: `${prefix}Query`, title: '查询', permission: `${key}:query` },
  { name: `${prefix}Add`, title: '新增', permission: `${key}:add` },
  { name: `${prefix}Edit`, title: '修改', permission: `${key}:edit` },
  { name: `${prefix}Remove`, title: '删除', permission: `${key}:remove` },
  ...extra,
];

const page = (name: string, title: string, path: string, component: string, key: string, icon = '', extra: MenuSeed[] = []): MenuSeed => ({
  name, title, path, component, icon, children: crud(name, key, extra),
});

export const MENU_CATALOGUE: MenuSeed[] = [
  { name: 'Dashboard', title: '数字地图', icon: 'EnvironmentOutlined', path: '/dashboard', component: 'dashboard/index' },
  {
    name: 'Terminal', title: '终端管理', icon: 'ApiOutlined', path: '/terminal', children: [
      page('TerminalList', '终端列表', 'list', 'terminal/list/index', 'terminal:terminal', 'UnorderedListOutlined', [
        { name: 'TerminalControl', title: '控制', permission: 'terminal:terminal:control' },
        { name: 'TerminalStatus', title: '状态变更', permission: 'terminal:terminal:status' },
      ]),
      page('TerminalBox', '终端箱', 'box', 'terminal/box/index', 'terminal:box', 'InboxOutlined', [
        { name: 'TerminalBoxMount', title: '挂载', permission: 'terminal:box:mount' },
      ]),
      page('TerminalInventory', '终端库存', 'inventory', 'terminal/inventory/index', 'terminal:inventory', 'DatabaseOutlined'),
      page('TerminalRepair', '终端维修', 'repair', 'terminal/repair/index', 'terminal:repair', 'ToolOutlined', [
        { name: 'TerminalRepairReplace', title: '更换', permission: 'terminal:repair:replace' },
      ]),
      page('HeartTest', '心跳测试', 'heart', 'terminal/heart/index', 'terminal:heart', 'HeartOutlined', [
        { name: 'HeartSend', title: '发送心跳', permission: 'terminal:heart:send' },
      ]),
      page('RemoteSet', '远程设置', 'set', 'terminal/set/index', 'terminal:set', 'SettingOutlined', [
        { name: 'RemoteSetSend', title: '下发', permission: 'terminal:set:send' },
      ]),
    ],
  },
  {
    name: 'Alarm', title: '告警管理', icon: 'AlertOutlined', path: '/bjsz', children: [
      page('AlarmList', '告警列表', 'list', 'alarm/list/index', 'alarm:alarm', 'BellOutlined', [
        { name: 'AlarmDispatch', title: '派单', permission: 'alarm:alarm:dispatch' },
      ]),
      page('AlarmSet', '告警设置', 'set', 'alarm/set/index', 'alarm:set', 'ControlOutlined'),
      page('AlarmLog', '告警日志', 'log', 'alarm/log/index', 'alarm:log', 'FileSearchOutlined'),
      // The printable QR sheet of an area's poles for citizen fault reports (docs/citizen-reports.md).
      { name: 'CitizenQr', title: '报修二维码', path: 'citizen', component: 'alarm/citizen/index', icon: 'ProfileOutlined', children: [
        { name: 'CitizenQrQuery', title: '查询', permission: 'alarm:citizen:query' },
      ] },
    ],
  },
  {
    name: 'Dispatch', title: '工单派发', icon: 'SendOutlined', path: '/dispatch', children: [
      page('WorkOrder', '维修工单', 'workorder', 'dispatch/workorder/index', 'dispatch:workorder', 'FileDoneOutlined'),
      page('Leaflet', '派发传单', 'leaflet', 'dispatch/leaflet/index', 'dispatch:leaflet', 'FileTextOutlined'),
      page('SmsLog', '短信记录', 'sms', 'dispatch/sms/index', 'dispatch:sms', 'MessageOutlined'),
    ],
  },
  {
    // The lamp as an asset (docs/assets.md): the catalogue, the register with its phone view, and failure prediction.
    name: 'Asset', title: '灯具资产', icon: 'BulbOutlined', path: '/asset', children: [
      page('LampType', '灯具类型', 'lamptype', 'asset/lamptype/index', 'asset:lamptype', 'AppstoreOutlined'),
      page('LampAsset', '灯具档案', 'lamp', 'asset/lamp/index', 'asset:lamp', 'BulbOutlined', [
        { name: 'LampAssetExport', title: '导出', permission: 'asset:lamp:export' },
        { name: 'LampAssetImport', title: '导入', permission: 'asset:lamp:import' },
      ]),
      {
        name: 'LikelyToFail', title: '故障预测', path: 'predict', component: 'asset/predict/index', icon: 'WarningOutlined', children: [
          { name: 'LikelyToFailQuery', title: '查询', permission: 'asset:predict:query' },
          { name: 'LikelyToFailRound', title: '生成维护批次', permission: 'asset:predict:round' },
        ],
      },
    ],
  },
  {
    name: 'Policy', title: '控制策略', icon: 'ClusterOutlined', path: '/policy', children: [
      page('PolicyList', '策略列表', 'list', 'policy/list/index', 'policy:policy', 'ProfileOutlined'),
      page('PolicyTemplate', '策略模板', 'template', 'policy/template/index', 'policy:template', 'CopyOutlined'),
      page('StrategySet', '策略设置', 'strategy', 'policy/strategy/index', 'policy:strategy', 'SlidersOutlined'),
      page('AreaSet', '区域设置', 'area', 'policy/area/index', 'policy:area', 'GatewayOutlined'),
      page('ElectricitySet', '电量设置', 'electricity', 'policy/electricity/index', 'policy:electricity', 'ThunderboltOutlined'),
      page('MaintenanceSet', '维保设置', 'maintenance', 'policy/maintenance/index', 'policy:maintenance', 'SafetyOutlined'),
    ],
  },
  {
    name: 'Plan', title: '计划管理', icon: 'ScheduleOutlined', path: '/plan', children: [
      page('PlanList', '计划列表', 'list', 'plan/list/index', 'plan:plan', 'CalendarOutlined'),
      page('EmergencyPlan', '应急计划', 'emergency', 'plan/emergency/index', 'plan:emergency', 'FireOutlined'),
    ],
  },
  {
    name: 'Log', title: '日志管理', icon: 'FileSearchOutlined', path: '/log', children: [
      page('UnlineLog', '离线日志', 'unline', 'log/unline/index', 'log:unline', 'DisconnectOutlined'),
      page('GmtLog', '校时日志', 'gmt', 'log/gmt/index', 'log:gmt', 'FieldTimeOutlined'),
      page('HeartLog', '心跳日志', 'heart', 'log/heart/index', 'log:heart', 'HeartOutlined'),
      page('InitLog', '初始化日志', 'init', 'log/init/index', 'log:init', 'RedoOutlined'),
      page('LeakageLog', '漏电日志', 'leakage', 'log/leakage/index', 'log:leakage', 'WarningOutlined'),
      page('LockLog', '门锁日志', 'lock', 'log/lock/index', 'log:lock', 'LockOutlined'),
      page('StatusLog', '状态日志', 'status', 'log/status/index', 'log:status', 'SwapOutlined'),
      page('TimingLog', '定时日志', 'timing', 'log/timing/index', 'log:timing', 'ClockCircleOutlined'),
      {
        name: 'DeviceOperationLog', title: '操作记录', path: 'operation', component: 'log/operation/index', icon: 'HistoryOutlined',
        children: [{ name: 'DeviceOperationLogQuery', title: '查询', permission: 'log:operation:query' }],
      },
      {
        name: 'DeviceReportLog', title: '上报记录', path: 'report', component: 'log/report/index', icon: 'CloudUploadOutlined',
        children: [{ name: 'DeviceReportLogQuery', title: '查询', permission: 'log:report:query' }],
      },
    ],
  },
  {
    name: 'Notice', title: '能耗通知', icon: 'NotificationOutlined', path: '/notice', children: [
      {
        // Reading and replying need only the query button (every recipient may); there is no edit.
        name: 'NoticeList', title: '通知列表', path: 'list', component: 'notice/list/index', icon: 'NotificationOutlined', children: [
          { name: 'NoticeListQuery', title: '查询', permission: 'notice:notice:query' },
          { name: 'NoticeListAdd', title: '发送', permission: 'notice:notice:add' },
          { name: 'NoticeListRemove', title: '删除', permission: 'notice:notice:remove' },
        ],
      },
    ],
  },
  {
    // Energy, savings and operations reports with charts, exports and the monthly e-mail (docs/reports.md).
    name: 'Report', title: '统计报表', icon: 'BarChartOutlined', path: '/report', children: [
      { name: 'EnergyReport', title: '能耗报表', path: 'energy', component: 'report/energy/index', icon: 'ThunderboltOutlined', children: [
        { name: 'EnergyReportQuery', title: '查询', permission: 'report:energy:query' },
        { name: 'EnergyReportExport', title: '导出', permission: 'report:energy:export' },
      ] },
      { name: 'SavingsReport', title: '节能报表', path: 'savings', component: 'report/savings/index', icon: 'FallOutlined', children: [
        { name: 'SavingsReportQuery', title: '查询', permission: 'report:savings:query' },
      ] },
      { name: 'OperationsReport', title: '运行报表', path: 'operations', component: 'report/operations/index', icon: 'DashboardOutlined', children: [
        { name: 'OperationsReportQuery', title: '查询', permission: 'report:operations:query' },
      ] },
      // The page came after the button (ReportMail): an installation seeded before keeps the button under Report.
      { name: 'ReportMails', title: '月报邮件', path: 'mail', component: 'report/mail/index', icon: 'SendOutlined', children: [
        { name: 'ReportMail', title: '设置', permission: 'report:mail:edit' },
      ] },
    ],
  },
  {
    name: 'System', title: '系统管理', icon: 'SettingOutlined', path: '/system', children: [
      page('Enterprise', '企业管理', 'enterprise', 'system/enterprise/index', 'system:enterprise', 'BankOutlined'),
      page('Dept', '部门管理', 'dept', 'system/dept/index', 'system:sysdept', 'ApartmentOutlined'),
      page('SysUser', '用户管理', 'sysuser', 'system/sysuser/index', 'system:sysuser', 'UserOutlined', [
        { name: 'SysUserExport', title: '导出', permission: 'system:sysuser:export' },
        { name: 'SysUserImport', title: '导入', permission: 'system:sysuser:import' },
        { name: 'SysUserResetPwd', title: '重置密码', permission: 'system:sysuser:resetPwd' },
      ]),
      page('Role', '角色管理', 'role', 'system/role/index', 'system:sysrole', 'TeamOutlined'),
      page('Menu', '菜单管理', 'menu', 'system/menu/index', 'system:sysmenu', 'MenuOutlined'),
      page('Dict', '字典管理', 'dict', 'system/dict/index', 'system:sysdict', 'BookOutlined', [
        { name: 'DictExport', title: '导出', permission: 'system:sysdict:export' },
      ]),
      page('Config', '参数设置', 'config', 'system/config/index', 'system:sysconfig', 'ToolOutlined'),
      page('OperLog', '操作日志', 'operlog', 'system/operlog/index', 'system:sysoperlog', 'AuditOutlined'),
      page('LoginLog', '登录日志', 'loginlog', 'system/loginlog/index', 'system:sysloginlog', 'LoginOutlined'),
      page('ApiClient', 'API 客户端', 'apiclient', 'system/apiclient/index', 'system:apiclient', 'KeyOutlined'),
      {
        name: 'WebhookLog', title: '推送记录', path: 'webhooklog', component: 'system/webhooklog/index', icon: 'SendOutlined',
        children: [{ name: 'WebhookLogQuery', title: '查询', permission: 'system:webhooklog:query' }],
      },
      { name: 'SaveButton', title: '保存', permission: 'btn:save' },
    ],
  },
];
