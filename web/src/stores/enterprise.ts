import { create } from 'zustand';
import { getFactoryDetail, getTenantById } from '@/services/system';
import { getStore } from '@/utils/storage';

/** Enterprise record for the header title (spec 1): short name, else full name. */
interface EnterpriseState {
  enterpriseName: string;
  companyShortName: string;
  areaLocation: string;
  loaded: boolean;
  load: (tenantId?: string) => Promise<void>;
}

export const headerTitle = (e: { companyShortName?: string; enterpriseName?: string }, fallback = '') =>
  e.companyShortName || e.enterpriseName || fallback;

let inflight: Promise<void> | undefined;
let lastLoad = 0;
let lastTenant: string | undefined;
/**
 * Every allowed navigation asks for the record (spec 2.3, src/app.tsx onRouteChange); an answer
 * younger than this serves it, so a navigation costs no call, and an unchanged answer no render.
 */
export const ENTERPRISE_TTL = 10000;

/**
 * Whether a load may be served by the answer of `last` ms for `lastTenantId`: only within the
 * TTL and for the same tenant (after logging in to another tenant the record is that tenant's).
 */
export const servedByCache = (now: number, last: number, tenantId?: string, lastTenantId?: string) =>
  now - last < ENTERPRISE_TTL && (tenantId || '') === (lastTenantId || '');
const NO_FACTORY = 'aq-no-factory-service';

export const useEnterprise = create<EnterpriseState>((rawSet, get) => {
  // only a changed record re-renders the header
  const set = (v: Partial<EnterpriseState>) => {
    const cur = get();
    if (Object.entries(v).some(([k, x]) => cur[k as keyof EnterpriseState] !== x)) rawSet(v);
  };
  return {
    enterpriseName: '',
    companyShortName: '',
    areaLocation: '',
    loaded: false,
    load: (tenantId) => {
      const sameTenant = (tenantId || '') === (lastTenant || '');
      if (inflight && sameTenant) return inflight;
      if (servedByCache(Date.now(), lastLoad, tenantId, lastTenant)) return Promise.resolve();
      // another tenant's record must not show while this one loads
      if (!sameTenant) set({ enterpriseName: '', companyShortName: '', areaLocation: '', loaded: false });
      lastLoad = Date.now();
      lastTenant = tenantId;
      // an answer for an earlier tenant that arrives late is dropped
      const mine = (v: Partial<EnterpriseState>) => lastTenant === tenantId && set(v);
      const run: Promise<void> = (async () => {
        // a gateway without the factory service answers 404: do not ask again in this tab
        if (!sessionStorage.getItem(NO_FACTORY)) {
          try {
            const d = await getFactoryDetail();
            if (d && (d.enterpriseName || d.companyShortName)) {
              mine({
                enterpriseName: d.enterpriseName || '',
                companyShortName: d.companyShortName || '',
                areaLocation: d.areaLocation || '',
                loaded: true,
              });
              return;
            }
          } catch (e) {
            if ((e as { code?: number }).code === 404) sessionStorage.setItem(NO_FACTORY, '1');
          }
        }
        let name = getStore<string>({ name: 'tenantName' }) || '';
        if (!name && tenantId) {
          try {
            const t = await getTenantById(tenantId);
            name = t?.tenantName || '';
          } catch {
            /* silent */
          }
        }
        mine({ enterpriseName: name, companyShortName: '', loaded: true });
      })().finally(() => {
        if (inflight === run) inflight = undefined;
      });
      inflight = run;
      return inflight;
    },
  };
});

/** After the enterprise record is saved: reload now, whatever the interval (the header follows). */
export function reloadEnterprise(tenantId?: string) {
  lastLoad = 0;
  sessionStorage.removeItem(NO_FACTORY);
  return (inflight || Promise.resolve()).then(() => useEnterprise.getState().load(tenantId));
}
