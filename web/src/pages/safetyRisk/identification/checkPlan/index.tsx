import React, { useMemo } from 'react';
import CrudPage from '@/components/CrudPage';
import { checkPlanApi } from '@/services/prevention';
import { planFields, idsToText } from '../fields';

/** 排查计划: the cycle (hour / day / month / year) the scheduler turns into inspection tasks. */
export default function CheckPlanPage() {
  const fields = useMemo(() => planFields(), []);
  return <CrudPage title="排查计划" fields={fields} api={checkPlanApi} permissionPrefix="check_plan" beforeOpen={idsToText} />;
}
