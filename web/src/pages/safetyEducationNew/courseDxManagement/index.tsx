import React, { useState } from 'react';
import { Button, Input, InputNumber, Modal, Table } from 'antd';
import { useAccess } from '@umijs/max';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { COURSE_KINDS, courseApi, submitTrainingRule, trainingRules, type TrainingRule } from '@/services/education';
import { message } from '@/utils/feedback';

const fields: CrudField[] = [
  { title: '课程名称', dataIndex: 'name', search: true, form: { required: true } },
  { title: '课程分类', dataIndex: 'category', search: true, width: 140, form: { placeholder: '如:公司级安全教育' } },
  { title: '课程类型', dataIndex: 'kind', search: 'equal', options: COURSE_KINDS, width: 90, form: { required: true, initialValue: 1 } },
  {
    title: '学习时长(秒)',
    dataIndex: 'duration',
    type: 'digit',
    width: 110,
    form: { required: true, initialValue: 600, tooltip: '视频的时长,或文档要求的阅读时间' },
  },
  {
    title: '学时',
    dataIndex: 'hours',
    type: 'digit',
    width: 70,
    form: { required: true, initialValue: 1, fieldProps: { precision: 1, step: 0.1 } },
  },
  {
    title: '完成要求(%)',
    dataIndex: 'passPercent',
    type: 'digit',
    width: 110,
    form: { required: true, initialValue: 90, tooltip: '核验学习时长达到学习时长的该百分比即完成' },
  },
  { title: '课程文件', dataIndex: 'files', type: 'upload', hideInTable: true, form: { span: 24, required: true } },
  { title: '备注', dataIndex: 'remark', ellipsis: true, form: { span: 24 } },
  { title: '创建时间', dataIndex: 'createTime', width: 170, form: false },
];

/** The tenant's training rules: each change is a new version with its basis. */
function RulesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [rows, setRows] = useState<TrainingRule[]>([]);
  const [edit, setEdit] = useState<Record<string, { value?: number | null; source?: string }>>({});
  const load = () => trainingRules().then(setRows);
  React.useEffect(() => {
    if (open) load();
  }, [open]);
  const save = async (r: TrainingRule) => {
    const e = edit[r.code] || {};
    await submitTrainingRule({ code: r.code, value: Number(e.value ?? r.value), source: e.source ?? '' });
    message.success('已保存为新版本');
    setEdit((x) => ({ ...x, [r.code]: {} }));
    load();
  };
  return (
    <Modal title="培训规则" open={open} onCancel={onClose} footer={null} width={1000} destroyOnHidden>
      <Table<TrainingRule>
        rowKey="code"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: '规则', dataIndex: 'name' },
          {
            title: '数值',
            width: 130,
            render: (_, r) => (
              <InputNumber
                size="small"
                min={1}
                max={10000}
                value={edit[r.code]?.value ?? r.value}
                onChange={(v) => setEdit((x) => ({ ...x, [r.code]: { ...x[r.code], value: v } }))}
                addonAfter={r.unit}
              />
            ),
          },
          { title: '默认值', dataIndex: 'defaultValue', width: 70 },
          { title: '版本', dataIndex: 'version', width: 60 },
          {
            title: '依据',
            render: (_, r) => (
              <Input
                size="small"
                placeholder={r.source}
                value={edit[r.code]?.source}
                onChange={(e) => setEdit((x) => ({ ...x, [r.code]: { ...x[r.code], source: e.target.value } }))}
              />
            ),
          },
          {
            title: '',
            width: 70,
            render: (_, r) => (
              <Button size="small" type="link" onClick={() => save(r)}>
                保存
              </Button>
            ),
          },
        ]}
      />
    </Modal>
  );
}

/** Courses (课程管理): videos and documents stored through resource, the 学时 they credit and what completes them. */
export default function CoursePage() {
  const access = useAccess();
  const [rules, setRules] = useState(false);
  return (
    <>
      <CrudPage
        title="课程"
        fields={fields}
        api={courseApi}
        permissionPrefix="edu_course"
        exportBtn={false}
        dialogWidth={760}
        toolbarExtra={() =>
          access.can('edu_course_rule')
            ? [
                <Button key="rules" onClick={() => setRules(true)}>
                  培训规则
                </Button>,
              ]
            : []
        }
      />
      <RulesDialog open={rules} onClose={() => setRules(false)} />
    </>
  );
}
