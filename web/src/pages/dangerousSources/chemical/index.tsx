import React from 'react';
import { Button, Descriptions, Drawer, Tabs, Tag } from 'antd';
import { useAccess } from '@umijs/max';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { GHS_CLASSES, MSDS_SECTIONS, chemicalApi, stockApi } from '@/services/records';
import { Tx, useText } from '@/utils/i18nText';

const YES_NO = [
  { label: '是', value: 1 },
  { label: '否', value: 0 },
];

const ghsLabel = new Map(GHS_CLASSES.map((g) => [g.value, g.label]));

const flag = (title: string, dataIndex: string, color: string): CrudField => ({
  title,
  dataIndex,
  type: 'switch',
  search: 'equal',
  options: YES_NO,
  hideInTable: true,
  form: {},
  render: (v: boolean) =>
    v ? (
      <Tag color={color}>
        <Tx>{title}</Tx>
      </Tag>
    ) : null,
});

const fields: CrudField[] = [
  { title: '化学品名称', dataIndex: 'name', search: true, form: { required: true } },
  { title: '别名', dataIndex: 'alias', hideInTable: true, form: {} },
  {
    title: 'CAS 号',
    dataIndex: 'cas',
    search: 'equal',
    form: { tooltip: '如 67-56-1;校验位须正确', rules: [{ pattern: /^\d{2,7}-\d{2}-\d$/, message: 'CAS 号格式应为 67-56-1' }] },
  },
  { title: 'UN 编号', dataIndex: 'unNumber', hideInTable: true, form: {} },
  { title: '危险化学品类别', dataIndex: 'category', search: 'equal', dictCode: 'hazardous_chemical_category', form: {} },
  {
    title: 'GHS 危险类别',
    dataIndex: 'ghsClasses',
    search: 'like',
    options: GHS_CLASSES,
    form: { multiple: true, span: 24 },
    render: (v: string) =>
      String(v || '')
        .split(',')
        .filter(Boolean)
        .map((c) => (
          <Tag key={c}>
            <Tx>{ghsLabel.get(c) || c}</Tx>
          </Tag>
        )),
  },
  {
    title: '管控属性',
    dataIndex: 'flags',
    form: false,
    render: (_: any, r: any) => (
      <>
        {r.highlyToxic ? (
          <Tag color="red">
            <Tx>剧毒</Tx>
          </Tag>
        ) : null}
        {r.keySupervised ? (
          <Tag color="orange">
            <Tx>重点监管</Tx>
          </Tag>
        ) : null}
        {r.explosivePrecursor ? (
          <Tag color="volcano">
            <Tx>易制爆</Tx>
          </Tag>
        ) : null}
        {r.drugPrecursor ? (
          <Tag color="purple">
            <Tx>易制毒</Tx>
          </Tag>
        ) : null}
      </>
    ),
  },
  flag('剧毒', 'highlyToxic', 'red'),
  flag('重点监管', 'keySupervised', 'orange'),
  flag('易制爆', 'explosivePrecursor', 'volcano'),
  flag('易制毒', 'drugPrecursor', 'purple'),
  { title: '储存方式', dataIndex: 'storageMethod', search: 'equal', dictCode: 'chemical_storage_method', form: {} },
  { title: '化学品类型', dataIndex: 'chemicalType', search: 'equal', dictCode: 'chemical_type', form: {} },
  { title: '危险特性', dataIndex: 'hazardousEffect', search: 'equal', dictCode: 'hazardous_effect', hideInTable: true, form: {} },
  { title: '物质形态', dataIndex: 'materialState', search: 'equal', dictCode: 'material_state', form: {} },
  { title: '计量单位', dataIndex: 'unit', dictCode: 'chemical_unit', form: { required: true, initialValue: '1' } },
  { title: '储存总量', dataIndex: 'totalQuantity', form: false },
  {
    title: '临界量(吨)',
    dataIndex: 'criticalQuantity',
    type: 'digit',
    hideInTable: true,
    form: { tooltip: 'GB 18218-2018 表 1/表 2 的临界量,供重大危险源辨识', fieldProps: { min: 0, max: 1000000 } },
  },
  ...MSDS_SECTIONS.map(([dataIndex, title]): CrudField => ({
    title,
    dataIndex,
    type: 'textarea',
    hideInTable: true,
    form: { span: 24, fieldProps: { maxLength: 4000, showCount: true, autoSize: { minRows: 2, maxRows: 8 } } },
  })),
  { title: '附件', dataIndex: 'attachments', type: 'upload', hideInTable: true, form: { span: 24 } },
];

const stockFields: CrudField[] = [
  { title: '储存地点', dataIndex: 'location', form: { required: true } },
  { title: '储存量', dataIndex: 'quantity', type: 'digit', form: { required: true, fieldProps: { min: 0 } } },
  { title: '最大储存量', dataIndex: 'maxQuantity', type: 'digit', form: { fieldProps: { min: 0 } } },
  { title: '计量单位', dataIndex: 'unit', dictCode: 'chemical_unit', form: { required: true } },
  { title: '备注', dataIndex: 'remark', form: { span: 24 } },
  { title: '更新时间', dataIndex: 'updateTime', form: false },
];

/** The detail drawer: the MSDS by section and the stock per location. */
function Detail({ row, onClose }: { row: any; onClose: () => void }) {
  const access = useAccess();
  const tt = useText();
  const [rec, setRec] = React.useState<any>(row);
  React.useEffect(() => {
    chemicalApi.detail?.(row.id).then((d) => d && setRec(d));
  }, [row.id]);
  const edit = access.can('chem_ledger_edit');
  return (
    <Drawer open width={960} title={rec.name} onClose={onClose} destroyOnHidden>
      <Tabs
        items={[
          {
            key: 'stock',
            label: tt('储存地点与数量'),
            children: (
              <CrudPage
                title="储存地点与数量"
                fields={stockFields}
                api={stockApi}
                params={{ chemicalId: rec.id, size: 1000 }}
                permissionPrefix="chem_ledger"
                addBtn={edit}
                editBtn={edit}
                delBtn={edit}
                viewBtn={false}
                exportBtn={false}
                beforeOpen={(r: any) => ({ ...r, unit: r.unit ? String(r.unit) : String(rec.unit || 1) })}
                beforeSubmit={(v: any) => ({ ...v, chemicalId: rec.id, unit: Number(v.unit || rec.unit || 1) })}
              />
            ),
          },
          {
            key: 'msds',
            label: 'MSDS',
            children: (
              <Descriptions column={1} bordered size="small" labelStyle={{ width: 200 }}>
                {MSDS_SECTIONS.map(([k, title], i) => (
                  <Descriptions.Item key={k} label={`${i + 1}. ${tt(title)}`}>
                    <span style={{ whiteSpace: 'pre-wrap' }}>{rec[k]}</span>
                  </Descriptions.Item>
                ))}
              </Descriptions>
            ),
          },
        ]}
      />
    </Drawer>
  );
}

/** 危险化学品台账: chemicals with their GHS classes, flags, MSDS and stock per location. */
export default function ChemicalLedgerPage() {
  const [detail, setDetail] = React.useState<any>();
  return (
    <>
      <CrudPage
        title="危险化学品台账"
        fields={fields}
        api={chemicalApi}
        permissionPrefix="chem_ledger"
        exportBtn
        exportName="危险化学品台账.xlsx"
        dialogWidth={1000}
        beforeOpen={(r: any) => ({
          ...r,
          ghsClasses: String(r.ghsClasses || '')
            .split(',')
            .filter(Boolean),
        })}
        beforeSubmit={(v: any) => ({
          ...v,
          ghsClasses: Array.isArray(v.ghsClasses) ? v.ghsClasses.join(',') : v.ghsClasses || '',
          category: v.category === undefined || v.category === null || v.category === '' ? -1 : Number(v.category),
        })}
        rowActions={(r: any) => [
          <Button key="detail" type="link" size="small" onClick={() => setDetail(r)}>
            <Tx>储存与 MSDS</Tx>
          </Button>,
        ]}
      />
      {detail ? <Detail row={detail} onClose={() => setDetail(undefined)} /> : null}
    </>
  );
}
