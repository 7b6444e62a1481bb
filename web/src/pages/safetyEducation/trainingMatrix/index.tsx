import { Tx, useText } from '@/utils/i18nText';
import React, { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Checkbox, Form, InputNumber, Modal, Space, Table, Tabs, Tag, Tooltip, TreeSelect, message } from 'antd';
import ComplianceTag from './ComplianceTag';
import { SettingOutlined } from '@ant-design/icons';
import { useAccess } from '@umijs/max';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import {
  complianceApi,
  matrixDetail,
  sendShortfallReminders,
  submitMatrixCell,
  type ComplianceItem,
  type MatrixCell,
  type TrainingMatrix,
} from '@/services/education';
import { getDeptTree } from '@/services/system';

const cellKey = (postId: string, courseId: string) => `${postId}-${courseId}`;

/** The matrix: rows posts, columns courses; an editor ticks a cell and sets its 学时 and validity. */
function MatrixGrid() {
  const tt = useText();
  const access = useAccess();
  const editable = access.can('training_matrix_edit');
  const [m, setM] = useState<TrainingMatrix>({});
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<MatrixCell>();
  const [form] = Form.useForm();
  const load = useCallback(() => {
    setLoading(true);
    matrixDetail()
      .then(setM)
      .finally(() => setLoading(false));
  }, []);
  useEffect(load, [load]);
  const cells = useMemo(() => new Map((m.cells || []).map((c) => [cellKey(c.postId, c.courseId), c])), [m]);
  const save = (cell: MatrixCell) =>
    submitMatrixCell(cell).then(() => {
      message.success(tt('已保存'));
      setEditing(undefined);
      load();
    });
  const courses = m.courses || [];
  return (
    <>
      <Table
        rowKey="id"
        size="small"
        bordered
        loading={loading}
        dataSource={m.posts || []}
        pagination={false}
        scroll={{ x: 160 + courses.length * 170 }}
        data-testid="matrix-grid"
        columns={[
          { title: tt('岗位'), dataIndex: 'name', fixed: 'left', width: 160 },
          ...courses.map((c) => ({
            title: (
              <Tooltip title={`${c.hours} ${tt('学时')}`}>
                <span>{c.name}</span>
              </Tooltip>
            ),
            key: c.id,
            width: 170,
            render: (_: any, p: { id: string }) => {
              const cell = cells.get(cellKey(p.id, c.id));
              return (
                <Space size={4} data-testid={`cell-${p.id}-${c.id}`}>
                  <Checkbox
                    checked={!!cell}
                    disabled={!editable}
                    onChange={(e) => save({ postId: p.id, courseId: c.id, required: e.target.checked })}
                  />
                  {cell && (
                    <span style={{ fontSize: 12, color: '#888' }}>
                      {cell.hours ? `${cell.hours}${tt('学时')} ` : ''}
                      {cell.validMonths ? `${cell.validMonths}${tt('个月')}` : tt('长期')}
                    </span>
                  )}
                  {cell && editable && (
                    <a
                      aria-label={tt('设置')}
                      onClick={() => {
                        form.setFieldsValue({ hours: cell.hours || 0, validMonths: cell.validMonths || 0 });
                        setEditing(cell);
                      }}
                    >
                      <SettingOutlined />
                    </a>
                  )}
                </Space>
              );
            },
          })),
        ]}
      />
      <Modal
        open={!!editing}
        title={tt('必修要求')}
        onCancel={() => setEditing(undefined)}
        onOk={() => form.validateFields().then((v) => editing && save({ ...editing, required: true, ...v }))}
        destroyOnClose
      >
        <Form form={form} layout="vertical">
          <Form.Item name="hours" label={tt('要求学时(0 为完成课程即可)')} rules={[{ required: true }]}>
            <InputNumber min={0} max={100} step={0.1} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="validMonths" label={tt('有效期(月,0 为长期有效)')} rules={[{ required: true }]}>
            <InputNumber min={0} max={120} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
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

/** Compliance: per person of a post, the required courses done and missing. */
function ComplianceList() {
  const tt = useText();
  const access = useAccess();
  const [deptId, setDeptId] = useState<string>();
  const [posts, setPosts] = useState<{ label: string; value: string }[]>([]);
  useEffect(() => {
    matrixDetail().then((m) => setPosts((m.posts || []).map((p) => ({ label: p.name, value: p.id }))));
  }, []);
  const fields: CrudField[] = [
    { title: '岗位', dataIndex: 'postName', width: 120 },
    { title: '岗位', dataIndex: 'postId', search: true, hideInTable: true, options: posts },
    { title: '姓名', dataIndex: 'userName', search: true, width: 100 },
    {
      title: '完成情况',
      dataIndex: 'done',
      width: 100,
      render: (_: any, r: any) => (
        <Tag color={r.missing > 0 ? 'red' : 'green'} data-testid="compliance-done">
          {r.done} / {r.required}
        </Tag>
      ),
    },
    {
      title: '必修课程',
      dataIndex: 'items',
      render: (items: ComplianceItem[]) => (items || []).map((it) => <ComplianceTag key={it.courseId} item={it} />),
    },
    {
      title: '只看有缺项',
      dataIndex: 'shortOnly',
      search: true,
      hideInTable: true,
      options: [
        { label: '是', value: '1' },
        { label: '否', value: '0' },
      ],
    },
  ];
  return (
    <CrudPage
      title="合规情况"
      rowKey="rowKey"
      fields={fields}
      api={complianceApi}
      permissionPrefix="training_matrix"
      addBtn={false}
      editBtn={false}
      delBtn={false}
      viewBtn={false}
      exportBtn
      exportName="培训矩阵合规情况.xlsx"
      params={deptId ? { deptId } : {}}
      toolbarExtra={() => [
        <DeptPicker key="dept" value={deptId} onChange={setDeptId} />,
        access.can('training_matrix_remind') && (
          <Button key="remind" onClick={() => sendShortfallReminders().then((n) => message.success(`${tt('已发送提醒')}: ${n ?? 0}`))}>
            <Tx>发送缺项提醒</Tx>
          </Button>
        ),
      ]}
    />
  );
}

/**
 * Training matrix (培训矩阵): the courses each post requires (with the 学时 and validity asked),
 * and per holder of a post which of them are done (completed, the 学时 reached, within validity)
 * and which are missing. Shortfalls are reminded to each person once a month.
 */
export default function TrainingMatrixPage() {
  const tt = useText();
  return (
    <Card>
      <Tabs
        items={[
          { key: 'compliance', label: tt('合规情况'), children: <ComplianceList /> },
          { key: 'matrix', label: tt('培训矩阵'), children: <MatrixGrid /> },
        ]}
      />
    </Card>
  );
}
