import { Tx, useText } from '@/utils/i18nText';
import React, { useState } from 'react';
import { Tag, TreeSelect } from 'antd';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import Archive from './Archive';
import { hoursApi } from '@/services/education';
import { getDeptTree } from '@/services/system';

const thisYear = new Date().getFullYear();
const YEARS = Array.from({ length: 6 }, (_, i) => ({ label: String(thisYear - i), value: String(thisYear - i) }));

const fields: CrudField[] = [
  { title: '姓名', dataIndex: 'userName', search: true, width: 110 },
  { title: '年度', dataIndex: 'year', search: true, options: YEARS, width: 80 },
  { title: '人员类别', dataIndex: 'categoryName', width: 240 },
  {
    title: '培训类型',
    dataIndex: 'initial',
    width: 120,
    render: (v: any) =>
      v ? (
        <Tag color="blue">
          <Tx>初次(入职当年)</Tx>
        </Tag>
      ) : (
        <Tag>
          <Tx>年度再培训</Tx>
        </Tag>
      ),
  },
  { title: '要求学时', dataIndex: 'required', width: 90 },
  { title: '已获学时', dataIndex: 'credited', width: 90 },
  { title: '课程数', dataIndex: 'courses', width: 70 },
  {
    title: '尚差学时',
    dataIndex: 'short',
    width: 90,
    render: (v: any) => (v > 0 ? <Tag color="red">{v}</Tag> : <Tag color="green">已达标</Tag>),
  },
  {
    title: '只看未达标',
    dataIndex: 'shortOnly',
    search: true,
    hideInTable: true,
    options: [
      { label: '是', value: '1' },
      { label: '否', value: '0' },
    ],
  },
];

/**
 * Training records (培训档案): each person's verified 学时 in a calendar year against the required
 * hours of their category (the hours.* training rules: initial in the year of an entry plan, annual
 * otherwise; leaders by the safety_manager / principal roles; the industry by the hours.industry rule).
 */
export default function TrainingDatabasePage() {
  const [deptId, setDeptId] = useState<string>();
  const [archive, setArchive] = useState<string>();
  return (
    <>
      <CrudPage
        title="培训档案"
        rowKey="userId"
        fields={fields}
        api={hoursApi}
        permissionPrefix="training_database"
        addBtn={false}
        editBtn={false}
        delBtn={false}
        viewBtn={false}
        exportBtn
        exportName="学时统计.xlsx"
        params={deptId ? { deptId } : {}}
        actionWidth={80}
        rowActions={(r: any) => [
          <a key="archive" onClick={() => setArchive(r.userId)}>
            <Tx>档案</Tx>
          </a>,
        ]}
        toolbarExtra={() => [<DeptPicker key="dept" value={deptId} onChange={setDeptId} />]}
      />
      {archive && <Archive userId={archive} onClose={() => setArchive(undefined)} />}
    </>
  );
}

function DeptPicker({ value, onChange }: { value?: string; onChange: (v?: string) => void }) {
  const tt = useText();
  const [tree, setTree] = useState<any[]>();
  return (
    <TreeSelect
      allowClear
      style={{ width: 200 }}
      placeholder={tt('按部门筛选')}
      value={value}
      treeData={tree}
      fieldNames={{ label: 'title', value: 'id', children: 'children' }}
      onDropdownVisibleChange={(open) => {
        if (open && !tree) getDeptTree().then(setTree);
      }}
      onChange={(v) => onChange(v || undefined)}
    />
  );
}
