import React, { useEffect, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Button, DatePicker, Space, Spin, Tag } from 'antd';
import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { history, useIntl } from '@umijs/max';
import { getCommitment, plantToday } from '@/services/prevention';
import { useEnterprise } from '@/stores/enterprise';
import { useSession } from '@/stores/session';
import { useText } from '@/utils/i18nText';
import { commitmentTextEn } from './text';
import './index.less';

/**
 * 安全风险研判与承诺公告: the responsible person's daily commitment, computed by the server
 * from the day's data (units in operation, special works, open hazards, inspection tasks).
 */
export default function RiskCommitmentPage() {
  const tt = useText();
  const intl = useIntl();
  const [day, setDay] = useState<Dayjs>(dayjs(plantToday()));
  const [d, setD] = useState<any>(null);
  const [error, setError] = useState('');
  const enterprise = useEnterprise();
  const tenantId = useSession((s) => s.tenantId);
  useEffect(() => {
    enterprise.load(tenantId);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the enterprise record loads once on mount
  }, []);
  const load = (x: Dayjs) => {
    setError('');
    getCommitment(x.format('YYYY-MM-DD'))
      .then(setD)
      .catch((e) => setError(e?.message || 'error'));
  };
  useEffect(() => load(day), [day]);

  const cell = (k: string, v: any, note?: React.ReactNode, id?: string) => (
    <div className="aq-commit-cell" key={k}>
      <div className="v" data-testid={id ? `commit-${id}` : undefined}>
        {Number(v) || 0}
      </div>
      <div className="k">{tt(k)}</div>
      {note ? <div className="note">{typeof note === 'string' ? tt(note) : note}</div> : null}
    </div>
  );
  return (
    <div className="aq-commit" data-testid="risk-commitment">
      <div className="aq-commit-board">
        <div className="aq-commit-title">
          <h1>{tt('安全风险研判与承诺公告')}</h1>
          <div className="sub">{d?.enterpriseName || enterprise.enterpriseName || enterprise.companyShortName}</div>
        </div>
        <div className="aq-commit-bar">
          <Space>
            <Button icon={<ArrowLeftOutlined />} onClick={() => history.push('/wel/index')}>
              {tt('返回')}
            </Button>
            <DatePicker
              value={day}
              allowClear={false}
              onChange={(v) => v && setDay(v)}
              disabledDate={(x) => x.format('YYYY-MM-DD') > plantToday()}
            />
            <Button icon={<ReloadOutlined />} onClick={() => load(day)}>
              {tt('刷新')}
            </Button>
          </Space>
          <Space>
            <Tag color="#f5222d">{`${tt('重大风险')} ${Number(d?.riskRed) || 0}`}</Tag>
            <Tag color="#fa8c16">{`${tt('较大风险')} ${Number(d?.riskOrange) || 0}`}</Tag>
            <Tag color="#fadb14" style={{ color: '#614700' }}>{`${tt('一般风险')} ${Number(d?.riskYellow) || 0}`}</Tag>
            <Tag color="#1677ff">{`${tt('低风险')} ${Number(d?.riskBlue) || 0}`}</Tag>
          </Space>
        </div>
        {error ? <div style={{ color: '#f5222d', marginBottom: 12 }}>{error}</div> : null}
        {!d ? (
          <Spin style={{ display: 'block', margin: '60px auto' }} />
        ) : (
          <>
            <div className="aq-commit-text" data-testid="commit-text">
              {(d.commitmentText && !intl.locale.startsWith('zh') ? commitmentTextEn(d) : d.commitmentText) ||
                tt(
                  '今天我公司已进行安全风险研判,各项安全风险防控措施已落实到位,我承诺所有生产装置处于安全运行状态,罐区、仓库等重大危险源安全风险得到有效管控。',
                )}
            </div>
            <div className="aq-commit-cells">
              {cell(
                '风险分析单元',
                d.unitsTotal,
                `${tt('运行')} ${Number(d.unitsInOperation) || 0} / ${tt('停用')} ${Number(d.unitsStopped) || 0}`,
                'units',
              )}
              {cell('运行中的单元', d.unitsInOperation, undefined, 'units-running')}
              {cell('今日特殊作业', d.specialWorks, d.specialWorksNote, 'special-works')}
              {cell(
                '未闭环隐患',
                d.hazardsOpen,
                `${tt('一般隐患')} ${Number(d.hazardsOpenGeneral) || 0} / ${tt('重大隐患')} ${Number(d.hazardsOpenMajor) || 0}`,
                'hazards-open',
              )}
              {cell('逾期隐患', d.hazardsOverdue, undefined, 'hazards-overdue')}
              {cell(
                '今日排查任务',
                d.tasksDue,
                `${tt('已排查')} ${Number(d.tasksDone) || 0} (${Math.round((Number(d.taskCompletionRate) || 0) * 10) / 10}%)`,
                'tasks',
              )}
            </div>
            <div className="aq-commit-sign">
              <div>
                {tt('主要负责人')}: <b data-testid="commit-person">{d.responsibleUserName || '-'}</b>
              </div>
              <div>
                {tt('承诺日期')}: <span data-testid="commit-date">{d.date || day.format('YYYY-MM-DD')}</span>
              </div>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
