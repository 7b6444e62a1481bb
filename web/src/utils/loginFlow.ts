import { history } from '@umijs/max';
import { notification } from '@/utils/feedback';
import type { LoginResult } from '@/services/auth';

/** What every successful login does next (spec 2.3, 8): the 通知 reminder, then the module chooser. */
export function afterLogin(res: Pick<LoginResult, 'expirationInformation'>) {
  if (res.expirationInformation) {
    notification.warning({ message: '通知', description: res.expirationInformation, duration: 8 });
  }
  history.replace('/select-module');
}
