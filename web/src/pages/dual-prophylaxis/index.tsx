import React, { useEffect, useState } from 'react';
import dayjs from 'dayjs';
import { history } from '@umijs/max';
import { getScreen } from '@/services/prevention';
import { useEnterprise } from '@/stores/enterprise';
import { useText } from '@/utils/i18nText';
import './index.less';

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

export interface CountItem {
  code: string;
  name: string;
  count: number;
}

/** Horizontal bars, plain CSS (no chart library on this route). */
export function Bars({ items, colours, testId }: { items?: CountItem[]; colours: Record<string, string>; testId?: string }) {
  const tt = useText();
  const list = items || [];
  const max = Math.max(1, ...list.map((i) => Number(i.count) || 0));
  if (!list.length) return <div className="aq-empty">{tt('暂无数据')}</div>;
  return (
    <div data-testid={testId}>
      {list.map((i) => (
        <div className="aq-bar-row" key={i.code} data-code={i.code} data-count={Number(i.count) || 0}>
          <span className="name" title={i.name}>
            {tt(i.name)}
          </span>
          <span className="track">
            <span
              className="fill"
              style={{ display: 'block', width: `${((Number(i.count) || 0) / max) * 100}%`, background: colours[i.code] || '#409eff' }}
            />
          </span>
          <span className="num">{Number(i.count) || 0}</span>
        </div>
      ))}
    </div>
  );
}

/** The completion rate as an SVG ring. */
export function Ring({ rate, size = 120 }: { rate: number; size?: number }) {
  const r = size / 2 - 10;
  const c = 2 * Math.PI * r;
  const p = Math.max(0, Math.min(100, Number(rate) || 0));
  return (
    <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} data-testid="screen-rate">
      <circle cx={size / 2} cy={size / 2} r={r} stroke="rgba(255,255,255,0.08)" strokeWidth={10} fill="none" />
      <circle
        cx={size / 2}
        cy={size / 2}
        r={r}
        stroke={p >= 90 ? '#52c41a' : p >= 60 ? '#faad14' : '#f5222d'}
        strokeWidth={10}
        fill="none"
        strokeDasharray={`${(c * p) / 100} ${c}`}
        strokeLinecap="round"
        transform={`rotate(-90 ${size / 2} ${size / 2})`}
      />
      <text x="50%" y="50%" dominantBaseline="central" textAnchor="middle" fill="#fff" fontSize={size / 5} fontWeight={600}>
        {Math.round(p * 10) / 10}%
      </text>
    </svg>
  );
}

/** 双重预防机制大屏: risk colours, task completion, hazards by state and level, overdue lists. */
export default function DualProphylaxisScreen() {
  const tt = useText();
  const [data, setData] = useState<any>(null);
  const [failed, setFailed] = useState('');
  const [now, setNow] = useState(dayjs());
  const enterprise = useEnterprise();

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
    const clock = setInterval(() => setNow(dayjs()), 1000);
    return () => {
      clearInterval(t);
      clearInterval(clock);
    };
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
      <div className="aq-screen-head">
        <div className="aq-screen-side">
          <a onClick={() => history.push('/wel/index')}>{tt('返回')}</a>
          <span>{enterprise.companyShortName || enterprise.enterpriseName}</span>
        </div>
        <h1>{tt('双重预防机制运行监测')}</h1>
        <div className="aq-screen-side right">
          <a onClick={load}>{tt('刷新')}</a>
          <span>{now.format('YYYY-MM-DD HH:mm:ss')}</span>
        </div>
      </div>
      {failed ? <div className="aq-empty">{failed}</div> : null}
      <div className="aq-kpis">
        {kpis.map(([k, v, id]) => (
          <div className="aq-kpi" key={id}>
            <div className="v" data-testid={`screen-${id}`}>
              {data ? Number(v) || 0 : '-'}
            </div>
            <div className="k">{tt(k)}</div>
          </div>
        ))}
      </div>
      <div className="aq-grid">
        <div className="aq-panel">
          <h3>{tt('单元风险分布')}</h3>
          <Bars items={d.unitColours} colours={COLOUR_HEX} testId="screen-unit-colours" />
        </div>
        <div className="aq-panel">
          <h3>{tt('事件风险分布')}</h3>
          <Bars items={d.eventColours} colours={COLOUR_HEX} testId="screen-event-colours" />
        </div>
        <div className="aq-panel">
          <h3>{tt('今日排查任务完成率')}</h3>
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
        </div>
        <div className="aq-panel">
          <h3>{tt('隐患治理状态')}</h3>
          <Bars items={d.hazardStates} colours={HAZARD_HEX} testId="screen-hazard-states" />
        </div>
        <div className="aq-panel">
          <h3>{tt('隐患等级')}</h3>
          <Bars items={d.hazardLevels} colours={LEVEL_HEX} testId="screen-hazard-levels" />
        </div>
        <div className="aq-panel">
          <h3>{tt('逾期隐患')}</h3>
          <OverdueList
            rows={d.overdueHazards}
            cols={[
              ['隐患名称', (r) => r.dangerName],
              ['整改责任人', (r) => r.liableUserName],
              ['整改期限', (r) => r.deadline, true],
            ]}
            testId="screen-overdue-hazards"
          />
        </div>
        <div className="aq-panel" style={{ gridColumn: '1 / -1' }}>
          <h3>{tt('超期排查任务')}</h3>
          <OverdueList
            rows={d.overdueTasks}
            cols={[
              ['分析单元', (r) => r.unitName],
              ['管控措施', (r) => r.measureDesc],
              ['责任人', (r) => r.responsibleUserName || r.postName],
              ['截止时间', (r) => r.endTime, true],
            ]}
            testId="screen-overdue-tasks"
          />
        </div>
      </div>
    </div>
  );
}

function OverdueList({ rows, cols, testId }: { rows?: any[]; cols: [string, (r: any) => any, boolean?][]; testId: string }) {
  const tt = useText();
  if (!rows || !rows.length)
    return (
      <div className="aq-empty" data-testid={testId}>
        {tt('暂无逾期')}
      </div>
    );
  return (
    <table className="aq-list" data-testid={testId}>
      <thead>
        <tr>
          {cols.map(([t]) => (
            <th key={t}>{tt(t)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={r.id || i}>
            {cols.map(([t, f, late]) => (
              <td key={t} className={late ? 'late' : undefined} title={String(f(r) ?? '')}>
                {f(r) || '-'}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
