import React from 'react';
import { Button, Tag } from 'antd';
import { useAccess } from '@umijs/max';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { userOptions } from '@/services/user';
import { SUPPLY_STATUS, checkSupply, supplyApi } from '@/services/emergency';
import { Tx, useText } from '@/utils/i18nText';
import ActionModal from '../components/ActionModal';

const colors = ['green', 'orange', 'red', 'default', 'gold'];

/** Emergency supplies and equipment (应急物资装备): stock, expiry and check cycle give each item its status. */
export default function EmergencySupplyPage() {
  const access = useAccess();
  const tt = useText();
  const [act, setAct] = React.useState<{ rec: any; reload: () => void }>();
  const fields: CrudField[] = [
    { title: '物资名称', dataIndex: 'name', search: true, form: { required: true } },
    { title: '装备类别', dataIndex: 'category', search: 'equal', dictCode: 'emergency_equipment_category', form: { required: true } },
    { title: '规格型号', dataIndex: 'model', form: {} },
    { title: '存放位置', dataIndex: 'warehouse', search: true, form: {} },
    { title: '数量', dataIndex: 'quantity', type: 'digit', form: { required: true } },
    { title: '最低库存', dataIndex: 'minStock', type: 'digit', form: {} },
    { title: '单位', dataIndex: 'unit', form: {} },
    { title: '有效期至', dataIndex: 'expiryDate', type: 'date', form: {} },
    { title: '检查周期(天)', dataIndex: 'checkCycleDays', type: 'digit', hideInTable: true, form: {} },
    { title: '上次检查', dataIndex: 'lastCheckDate', form: false },
    { title: '下次检查', dataIndex: 'nextCheckDate', form: false },
    {
      title: '状态',
      dataIndex: 'supplyStatus',
      form: false,
      render: (v: number) => <Tag color={colors[v]}>{tt(SUPPLY_STATUS.find((s) => s.value === v)?.label || '')}</Tag>,
    },
    { title: '负责人', dataIndex: 'responsibleUserId', type: 'select', hideInTable: true, form: { request: userOptions } },
    { title: '备注', dataIndex: 'remark', type: 'textarea', hideInTable: true, form: { span: 24 } },
  ];
  return (
    <>
      <CrudPage
        title="应急物资"
        fields={fields}
        api={supplyApi}
        permissionPrefix="emergency_supply"
        exportBtn={false}
        rowActions={(r: any, reload) =>
          access.can('emergency_supply_check') && !r.scrapped
            ? [
                <Button key="check" type="link" size="small" onClick={() => setAct({ rec: r, reload })}>
                  <Tx>检查</Tx>
                </Button>,
              ]
            : []
        }
      />
      {act ? (
        <ActionModal
          title="物资检查"
          initialValues={{ checkDate: new Date().toISOString().slice(0, 10), quantity: act.rec.quantity, scrapped: false }}
          fields={[
            { name: 'checkDate', label: '检查日期', type: 'date', required: true },
            { name: 'quantity', label: '实有数量', type: 'digit', required: true },
            { name: 'scrapped', label: '报废', type: 'switch' },
          ]}
          onSubmit={(v) => checkSupply({ ...v, id: act.rec.id })}
          onClose={(saved) => {
            if (saved) act.reload();
            setAct(undefined);
          }}
        />
      ) : null}
    </>
  );
}
