/** Site-wide constants (spec section 9). */
export const website = {
  title: '安全生产管理平台',
  version: '1.9.1',
  /** local/session storage key prefix */
  key: 'anquan',
  /** client credentials, sent as HTTP basic auth on every call */
  clientId: 'saber',
  clientSecret: 'saber_secret',
  /** seconds after which a stored token is refreshed */
  tokenTime: 3000,
  /** token refresh check period (ms) */
  refreshInterval: 10000,
  /** default tenant when none is known */
  tenantId: '000000',
  /** the tenant header name */
  tenantHeader: 'Tenant-Id',
  tokenHeader: 'Blade-Auth',
  /** http codes that reject without a toast */
  statusWhiteList: [] as number[],
  /** the first tab, which can never be closed */
  fistPage: { label: '首页', value: '/wel/index', params: {}, query: {}, meta: { i18n: 'dashboard' }, group: [], close: false },
  /** special account that only sees log out and the avatar */
  passwordFreeAccount: 'passwordFree',
  /** AES key and IV for the password on the wire (spec section 5) */
  aesKey: 'AnquanSecretKey1',
  defaultTheme: 'theme-default',
  defaultColor: '#409EFF',
  pageSize: 10,
  httpTimeout: 10000000,
  chunkTimeout: 120000,
  badgeMax: 99,
};

export default website;
