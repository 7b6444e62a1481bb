import { encrypt } from '@/utils/crypto';
import { apiGet, post } from '@/utils/request';
import { crudApi } from './system';
import type { Schemas } from './types';

/** blade-user (spec 7.6 and the users contract). */
const U = '/api/blade-user';

export const userApi = {
  ...crudApi(U, 'page', {
    update: (row: any) => post(`${U}/update`, row),
    exportUrl: `${U}/export-user`,
  }),
  submit: (row: any) => post(`${U}/submit`, row.password ? { ...row, password: encrypt(row.password) } : row),
};
export const resetPassword = (userIds: string) => post(`${U}/reset-password`, undefined, { userIds });
export const grantUser = (userIds: string, roleIds: string) => post(`${U}/grant`, undefined, { userIds, roleIds });
export const unlockUser = (userIds: string) => post(`${U}/unlock`, undefined, { userIds });
export const auditPass = (ids: string) => post(`${U}/audit-pass`, undefined, { ids });
export const auditRefuse = (ids: string) => post(`${U}/audit-refuse`, undefined, { ids });
export const getOwnInfo = () => apiGet(`${U}/info`).then((r) => r.data);
export const updateOwnInfo = (row: any) => post(`${U}/update-info`, row);
export const updatePassword = (oldPassword: string, newPassword: string, newPassword1: string) =>
  post(`${U}/update-password`, undefined, {
    oldPassword: encrypt(oldPassword),
    newPassword: encrypt(newPassword),
    newPassword1: encrypt(newPassword1),
  });

export type GuestForm = Schemas['v1RegisterGuestRequest'];
export const registerGuest = (form: Partial<GuestForm> & Pick<GuestForm, 'tenantId' | 'account' | 'password'>) =>
  post<{ success: boolean; msg: string }>(`${U}/register-guest`, { ...form, password: encrypt(form.password) });

/**
 * The tenant's people as select options, for any signed-in user (responsible persons,
 * candidates, guardians...): the name, with the department to tell namesakes apart.
 */
export const userOptions = () =>
  apiGet(`${U}/userListByTenantId`, undefined, { silent: true })
    .then((r) =>
      (Array.isArray(r.data) ? r.data : []).map((u: any) => {
        const name = u.realName || u.name || u.account;
        return { label: u.deptName ? `${name}(${u.deptName})` : name, value: String(u.id) };
      }),
    )
    .catch(() => [] as { label: string; value: string }[]);
