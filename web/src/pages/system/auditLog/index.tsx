import React, { useEffect, useMemo, useState } from 'react';
import { Select, Space, Typography } from 'antd';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { auditApi, getAuditSources, type AuditSource } from '@/services/audit';
import { useText } from '@/utils/i18nText';

const OPS = [
  { label: '新增', value: 'create' },
  { label: '修改', value: 'update' },
  { label: '删除', value: 'delete' },
];

const fields: CrudField[] = [
  { title: '时间', dataIndex: 'createTime', width: 170, form: false },
  { title: '账号', dataIndex: 'account', search: true, width: 120, form: false },
  { title: '操作', dataIndex: 'op', options: OPS, search: 'equal', width: 80, form: false },
  { title: '对象', dataIndex: 'entityName', search: true, width: 120, form: false },
  { title: '数据表', dataIndex: 'entity', search: 'equal', width: 150, ellipsis: true, form: false },
  { title: '记录ID', dataIndex: 'recordIds', search: true, width: 200, ellipsis: true, form: false },
  { title: '行数', dataIndex: 'rows', width: 70, form: false },
  { title: '修改字段', dataIndex: 'changes', width: 200, ellipsis: true, form: false },
  { title: '修改前摘要', dataIndex: 'beforeDigest', hideInTable: true, form: false },
  { title: '写入值摘要', dataIndex: 'afterDigest', hideInTable: true, form: false },
  { title: 'IP', dataIndex: 'clientIp', width: 130, form: false },
  { title: '请求编号', dataIndex: 'requestId', hideInTable: true, form: false },
];

/** 操作审计: every write of the tenant, one service's log at a time. */
export default function AuditLogPage() {
  const tt = useText();
  const [sources, setSources] = useState<AuditSource[]>([]);
  const [service, setService] = useState<string>('workticket');
  useEffect(() => {
    getAuditSources().then((s) => {
      setSources(s);
      if (s.length && !s.some((x) => x.service === service)) setService(s[0].service);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the sources load once; the current service is only read to keep a valid choice
  }, []);
  const params = useMemo(() => ({ service }), [service]);
  return (
    <div>
      <Space style={{ marginBottom: 12 }}>
        <Typography.Text>{tt('业务模块')}</Typography.Text>
        <Select
          style={{ width: 200 }}
          value={service}
          onChange={setService}
          options={sources.map((s) => ({ label: tt(s.name), value: s.service }))}
          data-testid="audit-service"
        />
      </Space>
      <CrudPage
        key={service}
        title="操作审计"
        fields={fields}
        api={auditApi}
        params={params}
        permissionPrefix="audit_log"
        addBtn={false}
        editBtn={false}
        delBtn={false}
        exportName="审计日志.xlsx"
      />
    </div>
  );
}
