import React, { useEffect, useState } from 'react';
import { Bars, Kpis, ListTable, Panel, Ring, ScreenHead } from '@/components/BigScreen';
import { getScreen } from '@/services/prevention';
import { useText } from '@/utils/i18nText';

/** colours of the count items the statistics answer carries */
const COLOUR_HEX: Record<string, string> = {
  red: '#f5222d',
  orange: '#fa8c16',
  yellow: '#fadb14',
  blue: '#1677ff',
  transparent: '#8c8c8c',
};
const TASK_HEX: Record<string, string> = { '1': '#409eff', '2': '#52c41a', '3': '#f5222d', '4': '#faad14', '5': '#eb2f96', '6': '#13c2c2' };
const HAZARD_HEX: Record<string, string> = { '10': '#9254de', '0': '#409eff', '1': '#faad14', '9': '#52c41a', '8': '#8c8c8c' };
const LEVEL_HEX: Record<string, string> = { '0': '#faad14', '1': '#f5222d' };
const REFRESH_MS = 60000;

/** 双重预防机制大屏: risk colours, task completion, hazards by state and level, overdue lists. */
export default function DualProphylaxisScreen() {
  const tt = useText();
  const [data, setData] = useState<any>(null);
  const [failed, setFailed] = useState('');

  const load = () =>
    getScreen()
      .then((d) => {
        setData(d);
        setFailed('');
      })
      .catch((e) => setFailed(e?.message || 'error'));

  useEffect(() => {
    load();
    const t = setInterval(load, REFRESH_MS);
    return () => clearInterval(t);
  }, []);

  const d = data || {};
  const kpis: [string, any, string][] = [
    ['风险分析对象', d.objectsTotal, 'objects'],
    ['风险分析单元', d.unitsTotal, 'units'],
    ['风险事件', d.eventsTotal, 'events'],
    ['管控措施', d.measuresTotal, 'measures'],
    ['排查计划', d.plansTotal, 'plans'],
    ['隐患总数', d.hazardsTotal, 'hazards-total'],
    ['未闭环隐患', d.hazardsOpen, 'hazards-open'],
  ];
  return (
    <div className="aq-screen" data-testid="dual-screen">
      <ScreenHead title="双重预防机制运行监测" onRefresh={load} />
      {failed ? <div className="aq-empty">{failed}</div> : null}
      <Kpis items={kpis} loaded={!!data} />
      <div className="aq-grid">
        <Panel title="单元风险分布">
          <Bars items={d.unitColours} colours={COLOUR_HEX} testId="screen-unit-colours" />
        </Panel>
        <Panel title="事件风险分布">
          <Bars items={d.eventColours} colours={COLOUR_HEX} testId="screen-event-colours" />
        </Panel>
        <Panel title="今日排查任务完成率">
          <div className="aq-ring">
            <Ring rate={d.taskCompletionRate} />
            <div className="txt">
              <div>
                {tt('应排查')}: <b data-testid="screen-tasks-due">{Number(d.tasksDue) || 0}</b>
              </div>
              <div>
                {tt('已排查')}: <b data-testid="screen-tasks-done">{Number(d.tasksDone) || 0}</b>
              </div>
            </div>
          </div>
          <Bars items={d.taskStates} colours={TASK_HEX} testId="screen-task-states" />
        </Panel>
        <Panel title="隐患治理状态">
          <Bars items={d.hazardStates} colours={HAZARD_HEX} testId="screen-hazard-states" />
        </Panel>
        <Panel title="隐患等级">
          <Bars items={d.hazardLevels} colours={LEVEL_HEX} testId="screen-hazard-levels" />
        </Panel>
        <Panel title="逾期隐患">
          <ListTable
            empty="暂无逾期"
            rows={d.overdueHazards}
            cols={[
              ['隐患名称', (r) => r.dangerName],
              ['整改责任人', (r) => r.liableUserName],
              ['整改期限', (r) => r.deadline, true],
            ]}
            testId="screen-overdue-hazards"
          />
        </Panel>
        <Panel title="超期排查任务" style={{ gridColumn: '1 / -1' }}>
          <ListTable
            empty="暂无逾期"
            rows={d.overdueTasks}
            cols={[
              ['分析单元', (r) => r.unitName],
              ['管控措施', (r) => r.measureDesc],
              ['责任人', (r) => r.responsibleUserName || r.postName],
              ['截止时间', (r) => r.endTime, true],
            ]}
            testId="screen-overdue-tasks"
          />
        </Panel>
      </div>
    </div>
  );
}
