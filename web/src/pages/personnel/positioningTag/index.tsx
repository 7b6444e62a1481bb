import React from 'react';
import { Badge } from 'antd';
import { history, useAccess } from '@umijs/max';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { userOptions } from '@/services/user';
import { PERSON_TYPES, tagApi, zoneOptions } from '@/services/positioning';
import { Tx } from '@/utils/i18nText';
import { rule } from '@/utils/validate';

const fields: CrudField[] = [
  { title: '定位卡号', dataIndex: 'code', search: 'equal', form: { required: true } },
  { title: '持卡人', dataIndex: 'personName', search: true, form: { required: true } },
  {
    title: '人员类型',
    dataIndex: 'personType',
    search: 'equal',
    options: PERSON_TYPES,
    type: 'select',
    form: { required: true, initialValue: 1 },
  },
  {
    title: '绑定用户',
    dataIndex: 'userId',
    hideInTable: true,
    type: 'select',
    form: { request: userOptions, tooltip: '员工的定位卡须绑定系统用户' },
  },
  { title: '部门/单位', dataIndex: 'deptName', form: {} },
  {
    title: '岗位区域',
    dataIndex: 'postZoneId',
    hideInTable: true,
    type: 'select',
    form: { request: zoneOptions, tooltip: '在线时离开岗位区域超过脱岗时长(定位规则,默认 10 分钟)即报脱岗' },
  },
  { title: '岗位区域', dataIndex: 'postZoneName', form: false },
  { title: '联系电话', dataIndex: 'phone', hideInTable: true, form: { rules: [rule.phone] } },
  {
    title: '在线',
    dataIndex: 'online',
    form: false,
    render: (v: boolean) => <Badge status={v ? 'success' : 'default'} text={<Tx>{v ? '在线' : '离线'}</Tx>} />,
  },
  { title: '所在区域', dataIndex: 'zoneName', form: false },
  { title: '电量', dataIndex: 'battery', form: false, render: (v: number) => (v >= 0 ? `${v}%` : '-') },
  { title: '最后定位', dataIndex: 'lastSeen', form: false },
  { title: '备注', dataIndex: 'remark', type: 'textarea', hideInTable: true, form: { span: 24 } },
];

/** Positioning tags (定位卡) and the people they are bound to, with their live state. */
export default function PositioningTagPage() {
  const access = useAccess();
  return (
    <CrudPage
      title="定位卡"
      fields={fields}
      api={tagApi}
      permissionPrefix="positioning_tag"
      exportBtn={false}
      rowActions={(r: any) =>
        access.canRoute({ path: '/personnel/positioningTrack' })
          ? [
              <a key="track" onClick={() => history.push(`/personnel/positioningTrack?tagId=${r.id}`)}>
                <Tx>轨迹回放</Tx>
              </a>,
            ]
          : []
      }
    />
  );
}
