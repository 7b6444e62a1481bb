import React from 'react';
import { Button, Drawer, Tag } from 'antd';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { userOptions } from '@/services/user';
import { EXAM_RULES, healthHazardApi, healthPostApi } from '@/services/health';
import { Tx, useText } from '@/utils/i18nText';

const fields: CrudField[] = [
  { title: '岗位名称', dataIndex: 'name', search: true, form: { required: true } },
  { title: '工作地点', dataIndex: 'location', form: {} },
  {
    title: '岗位负责人',
    dataIndex: 'managerUserId',
    type: 'select',
    hideInTable: true,
    form: { request: userOptions, viewAs: 'managerName' },
  },
  { title: '负责人', dataIndex: 'managerName', form: false },
  { title: '危害因素', dataIndex: 'factorNames', form: false },
  { title: '在岗人数', dataIndex: 'workers', form: false, width: 90 },
  { title: '备注', dataIndex: 'note', type: 'textarea', hideInTable: true, form: { span: 24 } },
];

const hazardFields: CrudField[] = [
  { title: '危害因素类别', dataIndex: 'factorClass', dictCode: 'occupational_hazard_factor', form: { required: true } },
  { title: '危害因素', dataIndex: 'factorName', form: { required: true } },
  { title: '危害程度', dataIndex: 'harmDegree', dictCode: 'harm_degree', form: { required: true } },
  { title: '体检周期规则', dataIndex: 'examRule', options: EXAM_RULES, hideInTable: true, form: { initialValue: '' } },
  { title: '体检周期(月)', dataIndex: 'examMonths', form: false, width: 110 },
  { title: '上次检测', dataIndex: 'lastDetectedAt', form: false },
  {
    title: '下次检测',
    dataIndex: 'nextDetectionDue',
    form: false,
    render: (v: string, r: any) => (r.detectionOverdue ? <Tag color="red">{v || <Tx>未检测</Tx>}</Tag> : v),
  },
];

/** Posts exposed to occupational hazards, each with its factors (class, harm degree, exam interval). */
export default function HealthPostPage() {
  const tt = useText();
  const [post, setPost] = React.useState<any>();
  return (
    <>
      <CrudPage
        title="接害岗位"
        fields={fields}
        api={healthPostApi}
        permissionPrefix="health_post"
        exportBtn={false}
        rowActions={(r: any) => [
          <Button key="factors" type="link" size="small" onClick={() => setPost(r)} data-testid="health-factors">
            <Tx>危害因素</Tx>
          </Button>,
        ]}
      />
      <Drawer
        open={!!post}
        width={960}
        title={post ? `${post.name} · ${tt('危害因素')}` : ''}
        onClose={() => setPost(undefined)}
        destroyOnClose
      >
        {post ? (
          <CrudPage
            title="危害因素"
            fields={hazardFields}
            api={healthHazardApi}
            params={{ postId: post.id }}
            permissionPrefix="health_post"
            exportBtn={false}
            viewBtn={false}
            beforeSubmit={(v: any) => ({ ...v, postId: post.id })}
          />
        ) : null}
      </Drawer>
    </>
  );
}
