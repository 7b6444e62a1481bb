import React, { useMemo } from 'react';
import { Tag } from 'antd';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import type { CrudApi } from '@/services/system';
import { getOperatorPage } from '@/services/certificate';
import { Tx } from '@/utils/i18nText';
import { IN_OR_OUT } from '../components/ValidState';
import useKinds from '../components/useKinds';

const api: CrudApi = { list: getOperatorPage };

/** 持证人员: the people who may be put on a permit, with the certificates valid today. */
export default function OperatorsPage() {
  const kinds = useKinds();
  const fields: CrudField[] = useMemo(
    () => [
      { title: '姓名', dataIndex: 'realName', search: true, width: 100 },
      { title: '账号', dataIndex: 'account', search: true, width: 110 },
      { title: '人员类型', dataIndex: 'userType', options: IN_OR_OUT, search: 'equal', width: 90 },
      { title: '所属部门', dataIndex: 'deptName', width: 120 },
      { title: '岗位', dataIndex: 'postName', width: 100 },
      { title: '证书类型', dataIndex: 'kind', options: kinds.leaves, search: true, hideInTable: true },
      { title: '有效证书', dataIndex: 'certificateNames', width: 240 },
      {
        title: '持证状态',
        dataIndex: 'qualified',
        width: 110,
        render: (v) =>
          v ? (
            <Tag color="green">
              <Tx>持有效证书</Tx>
            </Tag>
          ) : (
            <Tag>
              <Tx>无有效证书</Tx>
            </Tag>
          ),
      },
    ],
    [kinds],
  );
  return <CrudPage title="持证人员" fields={fields} api={api} addBtn={false} editBtn={false} delBtn={false} viewBtn={false} />;
}
