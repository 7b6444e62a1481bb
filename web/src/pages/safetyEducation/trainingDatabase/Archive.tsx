import React, { useEffect, useState } from 'react';
import { Button, Descriptions, Modal, Spin, Table, Tag } from 'antd';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { archiveDetail } from '@/services/education';
import { exportFile } from '@/utils/download';

const small = { size: 'small' as const, pagination: false as const, style: { marginBottom: 16 } };

/** One file per person (一人一档): 学时 by year, courses (every completion), plans, exam records, certificates of completion and the certificates held (blade-user); printable. */
export default function Archive({ userId, onClose }: { userId: string; onClose: () => void }) {
  const [data, setData] = useState<any>();
  useEffect(() => {
    archiveDetail(userId).then(setData);
  }, [userId]);
  return (
    <Modal
      open
      width={900}
      title="培训档案(一人一档)"
      onCancel={onClose}
      footer={[
        <Button
          key="export"
          icon={<DownloadOutlined />}
          onClick={() => exportFile('/api/education/archive/export', { userId }, `培训档案_${data?.userName || ''}.xlsx`)}
        >
          导出
        </Button>,
        <Button key="print" icon={<PrinterOutlined />} onClick={() => window.print()}>
          打印
        </Button>,
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
      ]}
    >
      {!data ? (
        <Spin />
      ) : (
        <div className="aq-archive" data-testid="archive">
          <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
            <Descriptions.Item label="姓名">{data.userName}</Descriptions.Item>
          </Descriptions>
          <h4>年度学时</h4>
          <Table
            {...small}
            rowKey="year"
            dataSource={data.years || []}
            columns={[
              { title: '年度', dataIndex: 'year' },
              { title: '已获学时', dataIndex: 'hours' },
              { title: '课程数', dataIndex: 'courses' },
            ]}
          />
          <h4>课程学习</h4>
          <Table
            {...small}
            rowKey="courseId"
            dataSource={data.studies || []}
            columns={[
              { title: '课程', dataIndex: 'courseName' },
              { title: '学时', dataIndex: 'hours' },
              { title: '完成', dataIndex: 'completed', render: (v: boolean) => (v ? <Tag color="green">已完成</Tag> : <Tag>学习中</Tag>) },
              {
                title: '完成记录',
                dataIndex: 'completions',
                // Every completion: a course studied again after its validity shows each one.
                render: (v?: string[]) => (v || []).map((t) => <div key={t}>{t}</div>),
              },
              { title: '最近学习', dataIndex: 'lastBeatTime' },
            ]}
          />
          <h4>培训计划</h4>
          <Table
            {...small}
            rowKey="id"
            dataSource={data.plans || []}
            columns={[
              { title: '计划', dataIndex: 'name' },
              { title: '开始日期', dataIndex: 'startDate' },
              { title: '结束日期', dataIndex: 'endDate' },
              { title: '要求学时', dataIndex: 'hours' },
            ]}
          />
          <h4>考试记录</h4>
          <Table
            {...small}
            rowKey="id"
            dataSource={data.records || []}
            columns={[
              { title: '考试', dataIndex: 'examName' },
              { title: '成绩', dataIndex: 'score' },
              { title: '合格', dataIndex: 'passed', render: (v: boolean) => (v ? '合格' : '—') },
              { title: '交卷时间', dataIndex: 'submitTime' },
            ]}
          />
          <h4>培训合格证书</h4>
          <Table
            {...small}
            rowKey="id"
            dataSource={data.certificates || []}
            columns={[
              { title: '证书编号', dataIndex: 'certNo' },
              { title: '考试', dataIndex: 'examName' },
              { title: '成绩', dataIndex: 'score' },
              { title: '发证时间', dataIndex: 'issueTime' },
            ]}
          />
          <h4>持有证书</h4>
          {data.heldNote ? (
            <div style={{ marginBottom: 16 }}>{data.heldNote}</div>
          ) : (
            <Table
              {...small}
              rowKey="certificateNo"
              data-testid="archive-held"
              dataSource={data.heldCertificates || []}
              columns={[
                { title: '证书类型', dataIndex: 'kindName' },
                { title: '证书编号', dataIndex: 'certificateNo' },
                { title: '发证机关', dataIndex: 'issuingAuthority' },
                { title: '有效期至', dataIndex: 'expireDate' },
                {
                  title: '状态',
                  dataIndex: 'validStateName',
                  render: (v: string, r: any) => <Tag color={{ 1: 'green', 2: 'orange', 3: 'red' }[r.validState as 1 | 2 | 3]}>{v}</Tag>,
                },
              ]}
            />
          )}
        </div>
      )}
    </Modal>
  );
}
