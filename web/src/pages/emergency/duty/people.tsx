import React from 'react';
import { ProFormGroup, ProFormList, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { userOptions } from '@/services/user';
import { useText } from '@/utils/i18nText';
import { rule } from '@/utils/validate';

/** Most people on one roster (the API's bound). */
export const MAX_DUTY_PEOPLE = 50;

/**
 * The people on duty, one row each: who, and the phone to reach them on this duty (值班人员及
 * 联系电话; empty = the duty phone). The leader is chosen above, so the rows are the others.
 */
export function DutyPeople({ name, label, mode }: { name: string; label: string; mode: 'add' | 'edit' | 'view' }) {
  const tt = useText();
  return (
    <ProFormList
      name={name}
      label={label}
      min={1}
      max={MAX_DUTY_PEOPLE}
      copyIconProps={false}
      creatorButtonProps={mode === 'view' ? false : { creatorButtonText: tt('添加值班人员') }}
      rules={[
        {
          validator: async (_: unknown, rows: any[]) => {
            if (!rows || !rows.length) throw new Error(tt('请添加值班人员'));
            const ids = rows.map((r) => r?.userId).filter(Boolean);
            if (new Set(ids).size !== ids.length) throw new Error(tt('同一人员不能重复排班'));
          },
        },
      ]}
    >
      <ProFormGroup>
        <ProFormSelect
          name="userId"
          width="md"
          showSearch
          request={userOptions}
          placeholder={tt('请选择值班人员')}
          rules={[{ required: true, message: tt('请选择值班人员') }]}
        />
        <ProFormText name="phone" width="sm" placeholder={tt('联系电话')} rules={[rule.phone]} />
      </ProFormGroup>
    </ProFormList>
  );
}
