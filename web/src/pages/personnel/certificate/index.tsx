import React, { useMemo, useState } from 'react';
import { useAccess } from '@umijs/max';
import { PaperClipOutlined } from '@ant-design/icons';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { certificateApi, type Certificate } from '@/services/certificate';
import { userOptions } from '@/services/user';
import { Tx } from '@/utils/i18nText';
import ValidState, { IN_OR_OUT, VALID_STATES } from '../components/ValidState';
import useKinds from '../components/useKinds';
import AttachmentsDialog from './AttachmentsDialog';

/** 证书管理: the certificates people hold (special-operation, special-equipment and other). */
export default function CertificatePage() {
  const kinds = useKinds();
  const editable = useAccess().can('certificate_edit');
  const [files, setFiles] = useState<{ record: Certificate; reload: () => void }>();
  const fields: CrudField[] = useMemo(
    () => [
      { title: '持证人', dataIndex: 'userName', width: 90, form: false },
      {
        title: '持证人',
        dataIndex: 'userId',
        hideInTable: true,
        form: { required: true, type: 'select', request: userOptions, viewAs: 'userName', disabledOnEdit: true },
      },
      { title: '人员类型', dataIndex: 'inOrOut', options: IN_OR_OUT, search: 'equal', width: 90, form: false },
      { title: '所属部门', dataIndex: 'deptName', width: 110, form: false },
      {
        title: '证书类型',
        dataIndex: 'kind',
        options: kinds.leaves,
        search: 'equal',
        width: 170,
        render: (_v, r) => r.kindName || '-',
        form: { required: true, type: 'treeSelect', request: async () => kinds.tree, viewAs: 'kindName' },
      },
      { title: '证书编号', dataIndex: 'certificateNo', search: true, width: 180, form: { required: true } },
      { title: '发证机关', dataIndex: 'issuingAuthority', hideInTable: true, form: {} },
      { title: '发证日期', dataIndex: 'issueDate', type: 'date', width: 110, form: { required: true } },
      { title: '到期日期', dataIndex: 'expireDate', type: 'date', width: 110, form: { required: true } },
      { title: '复审日期', dataIndex: 'reviewDate', type: 'date', width: 110, hideInTable: true, form: {} },
      {
        title: '状态',
        dataIndex: 'validState',
        options: VALID_STATES,
        width: 140,
        render: (v, r) => <ValidState state={v} daysLeft={r.daysLeft} />,
        form: false,
      },
      { title: '备注', dataIndex: 'remark', type: 'textarea', hideInTable: true, form: { span: 24 } },
    ],
    [kinds],
  );
  return (
    <>
      <CrudPage
        title="证书"
        fields={fields}
        api={certificateApi}
        permissionPrefix="certificate"
        exportBtn
        actionWidth={240}
        exportName="证书数据"
        beforeOpen={(r: any) => ({ ...r, userId: r.userId ? String(r.userId) : r.userId })}
        rowActions={(r: any, reload) => [
          <a key="files" data-testid="certificate-files" onClick={() => setFiles({ record: r, reload })}>
            <PaperClipOutlined /> <Tx>附件</Tx>
            {r.attachments ? ` (${String(r.attachments).split(',').filter(Boolean).length})` : ''}
          </a>,
        ]}
      />
      {files && (
        <AttachmentsDialog
          record={files.record}
          editable={editable}
          onClose={(saved) => {
            if (saved) files.reload();
            setFiles(undefined);
          }}
        />
      )}
    </>
  );
}
