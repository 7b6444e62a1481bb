import React, { useState } from 'react';
import { Button, Modal, Tag } from 'antd';
import { PrinterOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useSearchParams } from '@umijs/max';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { ATTEMPT_STATES, certificateByNo, certificateDetail, recordApi } from '@/services/education';
import { Tx, useText } from '@/utils/i18nText';

const fields: CrudField[] = [
  { title: '考试名称', dataIndex: 'examName', search: true, form: false },
  { title: '考生', dataIndex: 'userName', search: true, width: 100, form: false },
  { title: '状态', dataIndex: 'state', search: 'equal', options: ATTEMPT_STATES, width: 90, form: false },
  {
    title: '得分',
    dataIndex: 'score',
    width: 70,
    form: false,
    render: (_: any, r: any) => (r.state === 2 ? `${r.score}/${r.totalScore}` : '-'),
  },
  {
    title: '是否合格',
    dataIndex: 'passed',
    search: 'equal',
    width: 90,
    options: [
      { label: '合格', value: 1 },
      { label: '不合格', value: 0 },
    ],
    form: false,
    render: (_: any, r: any) =>
      r.state === 2 ? (
        <Tag color={r.passed ? 'green' : 'red'}>
          <Tx>{r.passed ? '合格' : '不合格'}</Tx>
        </Tag>
      ) : (
        '-'
      ),
  },
  { title: '交卷时间', dataIndex: 'submitTime', width: 170, form: false },
  { title: '证书编号', dataIndex: 'certNo', width: 200, form: false },
];

/** A printable certificate of completion (培训合格证书). */
function Certificate({ c }: { c: any }) {
  const tt = useText();
  return (
    <div id="edu-certificate" style={{ border: '6px double #b8860b', padding: 24, textAlign: 'center', background: '#fffdf5' }}>
      <h2 style={{ letterSpacing: 8 }}>{tt('培训合格证书')}</h2>
      <p style={{ fontSize: 16, lineHeight: 2 }}>
        <b>{c.userName}</b> {tt('参加')}「{c.examName}」,{tt('成绩')} {c.score}/{c.totalScore},{tt('考试合格,特发此证。')}
      </p>
      <p>
        {tt('证书编号')}: {c.certNo}
      </p>
      <p>
        {c.tenantName} · {c.issueTime}
      </p>
    </div>
  );
}

/** 考试成绩: managers see every result of the tenant, others their own; passes open their certificate. */
export default function ResultPage() {
  const [search] = useSearchParams();
  const examId = search.get('examId');
  const [cert, setCert] = useState<any>(null);
  const openCert = async (r: any) => {
    const c = await certificateByNo(r.certNo);
    if (c) setCert(await certificateDetail(c.id));
  };
  return (
    <>
      <CrudPage
        title="考试成绩"
        fields={fields}
        api={recordApi}
        params={examId ? { examId_equal: examId } : undefined}
        addBtn={false}
        editBtn={false}
        delBtn={false}
        viewBtn={false}
        exportBtn
        rowActions={(r: any) =>
          r.passed && r.certNo
            ? [
                <a key="cert" data-testid="result-cert" onClick={() => openCert(r)}>
                  <SafetyCertificateOutlined /> <Tx>证书</Tx>
                </a>,
              ]
            : []
        }
      />
      <Modal
        open={!!cert}
        onCancel={() => setCert(null)}
        width={640}
        footer={[
          <Button key="print" icon={<PrinterOutlined />} onClick={() => window.print()}>
            <Tx>打印</Tx>
          </Button>,
        ]}
      >
        {cert && <Certificate c={cert} />}
      </Modal>
    </>
  );
}
