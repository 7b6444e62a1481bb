import React from 'react';
import { Alert, Button, Descriptions, Drawer, Tabs, Tag } from 'antd';
import { ModalForm, ProFormSelect } from '@ant-design/pro-components';
import { useAccess } from '@umijs/max';
import CrudPage, { FileCell, type CrudField } from '@/components/CrudPage';
import { userOptions } from '@/services/user';
import { DOCUMENT_STATES, confirmDocument, documentApi, publishDocument, readerApi, reviseDocument } from '@/services/records';
import { message, modal } from '@/utils/feedback';
import { Tx, useText } from '@/utils/i18nText';

const stateColors = ['default', 'green', 'default'];

/** The kinds of controlled documents: kind, menu code (button prefix) and title. */
export const RECORD_KINDS = {
  enterprise: { kind: 1, code: 'rec_enterprise', title: '安全管理机构' },
  enterpriseCheck: { kind: 2, code: 'rec_enterprise_check', title: '安全机构检查' },
  dutySystem: { kind: 3, code: 'rec_duty_system', title: '安全生产责任制' },
  enterpriseSystem: { kind: 4, code: 'rec_enterprise_system', title: '安全管理制度' },
  procedure: { kind: 5, code: 'rec_procedure', title: '安全操作规程' },
};

function fieldsOf(kind: number): CrudField[] {
  return [
    { title: '文件名称', dataIndex: 'title', search: true, form: { required: true, span: 24 } },
    { title: '文件编号', dataIndex: 'docNo', search: true, form: {} },
    ...(kind === 3 ? [{ title: '岗位', dataIndex: 'post', search: true, form: { required: true } } as CrudField] : []),
    { title: '版本', dataIndex: 'version', form: false, render: (v: number) => `V${v}` },
    {
      title: '状态',
      dataIndex: 'state',
      search: 'equal',
      options: DOCUMENT_STATES,
      form: false,
      render: (v: number, r: any) => <Tag color={stateColors[v]}>{r.stateName ? <Tx>{r.stateName}</Tx> : null}</Tag>,
    },
    {
      title: '阅读确认',
      dataIndex: 'confirmed',
      form: false,
      render: (_: any, r: any) =>
        r.state === 0 ? (
          '-'
        ) : (
          <span>
            {r.confirmed}/{r.readers}
            {r.toConfirm ? (
              <Tag color="red" style={{ marginLeft: 8 }}>
                <Tx>待我确认</Tx>
              </Tag>
            ) : null}
          </span>
        ),
    },
    { title: '发布人', dataIndex: 'publisherName', form: false },
    { title: '发布时间', dataIndex: 'publishedAt', form: false },
    {
      title: '正文',
      dataIndex: 'content',
      type: 'textarea',
      hideInTable: true,
      form: { span: 24, fieldProps: { maxLength: 20000, autoSize: { minRows: 6 } } },
    },
    { title: '修订说明', dataIndex: 'reviseNote', type: 'textarea', hideInTable: true, form: { span: 24 } },
    { title: '附件', dataIndex: 'attachments', type: 'upload', hideInTable: true, form: { span: 24 } },
  ];
}

const readerFields: CrudField[] = [
  { title: '姓名', dataIndex: 'userName', form: false },
  {
    title: '已确认',
    dataIndex: 'confirmed',
    search: 'equal',
    options: [
      { label: '是', value: 1 },
      { label: '否', value: 0 },
    ],
    form: false,
    render: (v: boolean) => (
      <Tag color={v ? 'green' : 'red'}>
        <Tx>{v ? '已确认' : '未确认'}</Tx>
      </Tag>
    ),
  },
  { title: '确认时间', dataIndex: 'confirmedAt', form: false },
];

/** The detail drawer: the text of this version, its readers, the other versions. */
function Detail({ row, onClose }: { row: any; onClose: () => void }) {
  const tt = useText();
  const [rec, setRec] = React.useState<any>(row);
  React.useEffect(() => {
    documentApi.detail?.(row.id).then((d) => d && setRec(d));
  }, [row.id]);
  return (
    <Drawer open width={960} title={`${rec.title} V${rec.version}`} onClose={onClose} destroyOnHidden>
      <Tabs
        items={[
          {
            key: 'text',
            label: tt('正文'),
            children: (
              <Descriptions column={2} bordered size="small">
                <Descriptions.Item label={tt('状态')}>
                  <Tx>{rec.stateName}</Tx>
                </Descriptions.Item>
                <Descriptions.Item label={tt('文件编号')}>{rec.docNo}</Descriptions.Item>
                {rec.post ? <Descriptions.Item label={tt('岗位')}>{rec.post}</Descriptions.Item> : null}
                <Descriptions.Item label={tt('发布时间')}>{rec.publishedAt}</Descriptions.Item>
                <Descriptions.Item label={tt('正文')} span={2}>
                  <span style={{ whiteSpace: 'pre-wrap' }}>{rec.content}</span>
                </Descriptions.Item>
                <Descriptions.Item label={tt('修订说明')} span={2}>
                  {rec.reviseNote}
                </Descriptions.Item>
                <Descriptions.Item label={tt('附件')} span={2}>
                  <FileCell value={rec.attachments} />
                </Descriptions.Item>
              </Descriptions>
            ),
          },
          {
            key: 'readers',
            label: tt('阅读确认'),
            children: (
              <CrudPage
                title="阅读确认"
                fields={readerFields}
                api={readerApi}
                params={{ documentId: rec.id, size: 1000 }}
                addBtn={false}
                editBtn={false}
                delBtn={false}
                viewBtn={false}
                exportBtn={false}
              />
            ),
          },
          {
            key: 'versions',
            label: tt('历史版本'),
            children: (
              <CrudPage
                title="历史版本"
                fields={fieldsOf(0).filter((f) => ['title', 'version', 'state', 'confirmed', 'publishedAt'].includes(f.dataIndex))}
                api={documentApi}
                params={{ rootId: rec.rootId, descs: 'version' }}
                addBtn={false}
                editBtn={false}
                delBtn={false}
                exportBtn={false}
              />
            ),
          },
        ]}
      />
    </Drawer>
  );
}

/** Publishes a draft: the readers are chosen here, each confirms reading it. */
function PublishModal({ rec, onClose }: { rec: any; onClose: (saved?: boolean) => void }) {
  const tt = useText();
  const [err, setErr] = React.useState('');
  return (
    <ModalForm
      title={tt('发布')}
      open
      width={640}
      modalProps={{ destroyOnHidden: true, maskClosable: false, onCancel: () => onClose() }}
      onFinish={async (v: { userIds: string[] }) => {
        setErr('');
        try {
          await publishDocument(rec.id, v.userIds || []);
          message.success(tt('操作成功!'));
          onClose(true);
          return true;
        } catch (e: any) {
          setErr(e?.message || String(e));
          return false;
        }
      }}
    >
      {err ? <Alert type="error" showIcon message={err} style={{ marginBottom: 12 }} /> : null}
      <ProFormSelect
        name="userIds"
        label={tt('发布对象')}
        tooltip={tt('发布对象收到消息,须阅读并确认')}
        mode="multiple"
        request={userOptions}
        rules={[{ required: true, message: tt('请选择发布对象') }]}
      />
    </ModalForm>
  );
}

/** One kind of controlled document: drafts, publication, revisions and read confirmations. */
export default function RecordDocuments({ kind }: { kind: keyof typeof RECORD_KINDS }) {
  const k = RECORD_KINDS[kind];
  const access = useAccess();
  const tt = useText();
  const [detail, setDetail] = React.useState<any>();
  const [publish, setPublish] = React.useState<{ rec: any; reload: () => void }>();
  const fields = React.useMemo(() => fieldsOf(k.kind), [k.kind]);
  return (
    <>
      <CrudPage
        title={k.title}
        fields={fields}
        api={documentApi}
        params={{ kind: k.kind }}
        permissionPrefix={k.code}
        exportBtn
        exportName={`${k.title}.xlsx`}
        dialogWidth={900}
        rowEditable={(r: any) => r.state === 0}
        rowDeletable={(r: any) => r.state === 0}
        beforeSubmit={(v: any) => ({ ...v, kind: k.kind })}
        rowActions={(r: any, reload) => [
          ...(r.state === 0 && access.can(`${k.code}_publish`)
            ? [
                <Button key="publish" type="link" size="small" onClick={() => setPublish({ rec: r, reload })}>
                  <Tx>发布</Tx>
                </Button>,
              ]
            : []),
          ...(r.state === 1 && access.can(`${k.code}_edit`)
            ? [
                <Button
                  key="revise"
                  type="link"
                  size="small"
                  onClick={() =>
                    modal.confirm({
                      title: tt('修订为新版本?'),
                      content: tt('新版本为草稿,发布后当前版本变为已替代,仍可查阅'),
                      onOk: () => reviseDocument(r.id).then(reload),
                    })
                  }
                >
                  <Tx>修订</Tx>
                </Button>,
              ]
            : []),
          ...(r.toConfirm
            ? [
                <Button key="confirm" type="link" size="small" onClick={() => confirmDocument(r.id).then(reload)}>
                  <Tx>确认已阅读</Tx>
                </Button>,
              ]
            : []),
          <Button key="detail" type="link" size="small" onClick={() => setDetail(r)}>
            <Tx>详情</Tx>
          </Button>,
        ]}
      />
      {detail ? <Detail row={detail} onClose={() => setDetail(undefined)} /> : null}
      {publish ? (
        <PublishModal
          rec={publish.rec}
          onClose={(saved) => {
            if (saved) publish.reload();
            setPublish(undefined);
          }}
        />
      ) : null}
    </>
  );
}
