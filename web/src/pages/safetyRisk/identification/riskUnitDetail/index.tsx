import React, { useEffect, useMemo, useState } from 'react';
import { Button, Card, Descriptions, Empty, Space, Spin, Tabs, Tag, Tree } from 'antd';
import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { history, useLocation } from '@umijs/max';
import CrudPage from '@/components/CrudPage';
import { checkPlanApi, getRiskUnitTree, riskMeasureApi, type RiskUnitTree } from '@/services/prevention';
import { useText } from '@/utils/i18nText';
import RiskTag from '../../components/RiskTag';
import EnumTag from '../../components/EnumTag';
import EventsTable from '../../components/EventsTable';
import { CYCLE_UNIT, OPERATION_STATE, RISK_CLASS, labelOf } from '../../options';
import { idsToText, measureFields, planFields } from '../fields';

/** 风险分析单元详情 (?id=): the unit, its events (LEC / LS), control measures and inspection plans. */
export default function RiskUnitDetailPage() {
  const location = useLocation();
  const id = new URLSearchParams(location.search).get('id') || '';
  const tt = useText();
  const [data, setData] = useState<RiskUnitTree | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);

  useEffect(() => {
    if (!id) return;
    setFailed(false);
    getRiskUnitTree(id)
      .then(setData)
      .catch(() => setFailed(true));
  }, [id, version]);

  const mFields = useMemo(() => measureFields({ unitId: id }), [id]);
  const pFields = useMemo(() => planFields({ unitId: id }), [id]);

  if (!id || failed)
    return (
      <Card className="aq-page-card">
        <Empty description={tt('未找到该风险分析单元')}>
          <Button onClick={() => history.push('/safetyRisk/identification/riskUnitItem')}>{tt('返回列表')}</Button>
        </Empty>
      </Card>
    );
  if (!data) return <Spin style={{ display: 'block', margin: '120px auto' }} />;
  const u = data.unit || {};

  return (
    <div className="aq-unit-detail" data-testid="unit-detail-page">
      <Card
        size="small"
        title={
          <Space>
            <span>{u.name}</span>
            <RiskTag level={u.riskLevel} colour={u.riskColour} />
          </Space>
        }
        extra={
          <Space>
            <Button icon={<ReloadOutlined />} onClick={reload}>
              {tt('刷新')}
            </Button>
            <Button icon={<ArrowLeftOutlined />} onClick={() => history.push('/safetyRisk/identification/riskUnitItem')}>
              {tt('返回列表')}
            </Button>
          </Space>
        }
        style={{ marginBottom: 12 }}
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
          <Descriptions.Item label={tt('单元编码')}>{u.code || '-'}</Descriptions.Item>
          <Descriptions.Item label={tt('分析对象')}>{u.objectName || '-'}</Descriptions.Item>
          <Descriptions.Item label={tt('所在区域')}>{u.areaName || '-'}</Descriptions.Item>
          <Descriptions.Item label={tt('重大危险源编码')}>{u.hazardCode || '-'}</Descriptions.Item>
          <Descriptions.Item label={tt('风险分级')}>
            {labelOf(RISK_CLASS, u.riskClass) ? tt(labelOf(RISK_CLASS, u.riskClass)) : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={tt('责任部门')}>{u.deptName || '-'}</Descriptions.Item>
          <Descriptions.Item label={tt('责任人')}>{u.responsibleUserName || '-'}</Descriptions.Item>
          <Descriptions.Item label={tt('运行状态')}>
            <EnumTag value={u.operationState} options={OPERATION_STATE} colors={{ '1': 'green', '2': 'default' }} />
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" styles={{ body: { paddingTop: 0 } }}>
        <Tabs
          destroyOnHidden
          onChange={reload}
          items={[
            {
              key: 'overview',
              label: `${tt('总览')}`,
              children: <Overview data={data} />,
            },
            {
              key: 'events',
              label: `${tt('风险事件')} (${data.events.length})`,
              children: <EventsTable unitId={id} onChanged={reload} />,
            },
            {
              key: 'measures',
              label: `${tt('管控措施')} (${data.measures.length})`,
              children: (
                <CrudPage
                  title="管控措施"
                  fields={mFields}
                  api={riskMeasureApi}
                  params={{ unitId_equal: id }}
                  permissionPrefix="risk_measure"
                  beforeOpen={idsToText}
                />
              ),
            },
            {
              key: 'plans',
              label: `${tt('排查计划')} (${data.plans.length})`,
              children: (
                <CrudPage
                  title="排查计划"
                  fields={pFields}
                  api={checkPlanApi}
                  params={{ unitId_equal: id }}
                  permissionPrefix="check_plan"
                  beforeOpen={idsToText}
                />
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}

/** event → measures → plans as one tree, so the unit's control chain reads at a glance */
function Overview({ data }: { data: RiskUnitTree }) {
  const tt = useText();
  if (!data.events.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tt('暂无风险事件')} />;
  const treeData = data.events.map((e) => ({
    key: `e${e.id}`,
    title: (
      <Space>
        <b>{e.name}</b>
        <Tag>{e.method}</Tag>
        <RiskTag level={e.riskLevel} colour={e.riskColour} score={e.score} />
      </Space>
    ),
    children: data.measures
      .filter((m) => String(m.eventId) === String(e.id))
      .map((m) => ({
        key: `m${m.id}`,
        title: <span>{m.description}</span>,
        children: data.plans
          .filter((p) => String(p.measureId) === String(m.id))
          .map((p) => ({
            key: `p${p.id}`,
            title: (
              <Space>
                <span>{p.name || tt('排查计划')}</span>
                <Tag color="blue">
                  {tt('每')} {p.checkCycle} {tt(labelOf(CYCLE_UNIT, p.checkCycleUnit))}
                </Tag>
                {p.responsibleUserName ? <span style={{ color: '#888' }}>{p.responsibleUserName}</span> : null}
              </Space>
            ),
          })),
      })),
  }));
  return <Tree blockNode defaultExpandAll selectable={false} treeData={treeData as any} />;
}
