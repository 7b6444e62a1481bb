import React, { useCallback, useEffect, useRef, useState } from 'react';
import dayjs from 'dayjs';
import { Bars, Kpis, ListTable, Panel, Ring, ScreenHead, ScreenStage, TrendLine, type TrendPoint } from '@/components/BigScreen';
import {
  type Alarm,
  LEVEL_NAMES,
  type MonitorScreen,
  STATE_NAMES,
  activeAlarms,
  monitorScreen,
  pointTrend,
  screenAlarmOrder,
  subscribeLive,
  trendLimits,
} from '@/services/monitor';
import { useText } from '@/utils/i18nText';

const STATE_HEX: Record<string, string> = {
  ALARM: '#f5222d',
  RTN_UNACK: '#faad14',
  NORMAL: '#52c41a',
  NO_DATA: '#8c8c8c',
  HELD: '#9254de',
};
const GAS_HEX: Record<string, string> = { '1': '#fa8c16', '2': '#eb2f96', '3': '#1677ff' };
const FMT = 'YYYY-MM-DD HH:mm:ss';
/** The trends show the last hour; a series keeps at most this many points. */
const TREND_MS = 3600 * 1000;
const TREND_MAX = 900;
/** Gateway presence is not on the stream: the figures are read again this often (alarms and values are live). */
const FIGURES_MS = 60000;
/** Rows the alarm panel shows (the rest are counted, never pushed out of the panel). */
const ALARM_ROWS = 12;

/** The panel sizes are fixed: nothing moves when data arrives. */
const ROW1 = 300;
const ROW2 = 560;

/** 智慧监测平台: detectors by state, active alarms first-out, key point trends and the online rate, live over SSE. */
export default function MonitorScreenPage() {
  const tt = useText();
  const [figures, setFigures] = useState<MonitorScreen>();
  const [failed, setFailed] = useState('');
  const [alarms, setAlarms] = useState<Alarm[]>([]);
  const [alarmFailed, setAlarmFailed] = useState('');
  const [series, setSeries] = useState<Record<string, TrendPoint[]>>({});
  const keyIds = useRef<Set<string>>(new Set());
  const reloadTimer = useRef<any>();

  const loadFigures = useCallback(
    () =>
      monitorScreen()
        .then((f) => {
          setFigures(f);
          setFailed('');
          return f;
        })
        .catch((e) => {
          setFailed(e?.message || tt('读取失败'));
          return undefined;
        }),
    [tt],
  );
  const loadAlarms = useCallback(
    () =>
      activeAlarms()
        .then((a) => {
          setAlarms(a as Alarm[]);
          setAlarmFailed('');
        })
        .catch((e) => setAlarmFailed(e?.message || tt('读取失败'))),
    [tt],
  );
  const loadTrends = useCallback((f?: MonitorScreen) => {
    const points = f?.keyPoints || [];
    keyIds.current = new Set(points.map((p) => String(p.id)));
    const to = dayjs();
    points.forEach((p) => {
      // the range with the browser's offset; the answer's times are the plant's wall clock, as
      // the stream's, so the series is kept on that clock (x is relative, never against Date.now)
      pointTrend(String(p.id), to.subtract(1, 'hour').format(), to.format(), 120)
        .then((t) => {
          const pts = (t.buckets || []).map((b) => ({ t: dayjs(b.ts, FMT).valueOf(), v: Number(b.avg) }));
          const last = pts.length ? pts[pts.length - 1].t : 0;
          setSeries((m) => ({ ...m, [String(p.id)]: [...pts, ...(m[String(p.id)] || []).filter((x) => x.t > last)] }));
        })
        .catch(() => undefined);
    });
  }, []);

  // the key points follow the alarms: a point that starts alarming gets its trend read
  const refreshFigures = useCallback(
    () =>
      loadFigures().then((f) => {
        const ids = (f?.keyPoints || []).map((p) => String(p.id));
        if (f && (ids.length !== keyIds.current.size || ids.some((id) => !keyIds.current.has(id)))) loadTrends(f);
      }),
    [loadFigures, loadTrends],
  );

  const reload = useCallback(() => {
    loadAlarms();
    loadFigures().then(loadTrends);
  }, [loadAlarms, loadFigures, loadTrends]);

  useEffect(() => {
    reload();
    const t = setInterval(refreshFigures, FIGURES_MS);
    const off = subscribeLive((e) => {
      if (e.event === 'alarm' && e.data) {
        setAlarms((list) => {
          const rest = list.filter((a) => a.id !== e.data.id);
          return e.data.state === 'NORMAL' ? rest : [e.data, ...rest];
        });
        // the state counts follow the alarm (once for a burst)
        clearTimeout(reloadTimer.current);
        reloadTimer.current = setTimeout(refreshFigures, 1000);
      } else if (e.event === 'value' && e.data?.id && e.data.valueTime && keyIds.current.has(String(e.data.id))) {
        const id = String(e.data.id);
        const at = dayjs(e.data.valueTime, FMT).valueOf();
        setSeries((m) => {
          const list = [...(m[id] || []), { t: at, v: Number(e.data.value) }].filter((x) => x.t >= at - TREND_MS);
          return { ...m, [id]: list.slice(-TREND_MAX) };
        });
      } else if (e.event === 'ready') {
        loadAlarms();
      }
    });
    return () => {
      clearInterval(t);
      clearTimeout(reloadTimer.current);
      off();
    };
  }, [reload, refreshFigures, loadAlarms]);

  const f: any = figures || {};
  const count = (code: string) => (f.states || []).find((s: any) => s.code === code)?.count || 0;
  const kpis: [string, any, string][] = [
    ['监测点位', f.points, 'points'],
    ['气体检测器', f.detectors, 'detectors'],
    ['报警中', count('ALARM'), 'alarming'],
    ['无数据', count('NO_DATA'), 'no-data'],
    ['活动报警', alarms.length, 'active-alarms'],
    ['网关在线率', `${Math.round((Number(f.onlineRate) || 0) * 10) / 10}%`, 'online-rate'],
  ];
  const ordered = screenAlarmOrder(alarms);
  const keyPoints: any[] = f.keyPoints || [];
  return (
    <ScreenStage testId="monitor-screen">
      <ScreenHead title="智慧监测平台" onRefresh={reload} />
      {failed ? (
        <div className="aq-empty" style={{ padding: 4 }}>
          {failed}
        </div>
      ) : null}
      <Kpis items={kpis} loaded={!!figures} />
      <div className="aq-grid">
        <Panel title="点位状态" className="fill" style={{ height: ROW1 }}>
          <Bars
            items={(f.states || []).map((s: any) => ({ ...s, count: Number(s.count) || 0 }))}
            colours={STATE_HEX}
            testId="screen-point-states"
          />
        </Panel>
        <Panel title="气体检测器类型" className="fill" style={{ height: ROW1 }}>
          <Bars
            items={(f.gasTypes || []).map((s: any) => ({ ...s, count: Number(s.count) || 0 }))}
            colours={GAS_HEX}
            testId="screen-gas-types"
          />
        </Panel>
        <Panel title="网关在线率" className="fill" style={{ height: ROW1 }}>
          <div className="aq-ring">
            <Ring rate={Number(f.onlineRate) || 0} testId="screen-online-ring" />
            <div style={{ flex: 1, minWidth: 0, maxHeight: 230, overflow: 'hidden' }}>
              <ListTable
                rows={(f.gateways || []).slice(0, 7)}
                cols={[
                  ['网关', (r) => r.name || r.code],
                  ['点位', (r) => r.points || 0],
                  ['状态', (r) => <span style={{ color: r.online ? '#52c41a' : '#ff7875' }}>{tt(r.online ? '在线' : '离线')}</span>],
                ]}
                testId="screen-gateways"
              />
            </div>
          </div>
        </Panel>
        <Panel title={`${tt('实时报警')} (${alarms.length})`} className="fill" style={{ height: ROW2 }} testId="screen-alarm-panel">
          {alarmFailed ? (
            <div className="aq-empty">{alarmFailed}</div>
          ) : (
            <ListTable
              empty="当前无报警"
              rows={ordered.slice(0, ALARM_ROWS)}
              cols={[
                ['点位', (r) => `${r.pointCode} ${r.pointName || ''}`],
                ['级别', (r) => tt(LEVEL_NAMES[r.level] || r.level), true],
                ['报警值', (r) => `${r.value} ${r.unit || ''}`],
                ['状态', (r) => tt(STATE_NAMES[r.state] || r.state)],
                ['报警时间', (r) => String(r.raisedAt || '').slice(11)],
              ]}
              testId="screen-alarms"
            />
          )}
          {ordered.length > ALARM_ROWS ? (
            <div className="aq-empty" style={{ padding: 4 }}>
              {tt('另有')} {ordered.length - ALARM_ROWS} {tt('条报警')}
            </div>
          ) : null}
        </Panel>
        <Panel title="关键点位趋势(近1小时)" className="fill" style={{ height: ROW2, gridColumn: 'span 2' }} testId="screen-trends">
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
            {keyPoints.map((p) => {
              const own = series[String(p.id)] || [];
              // a single sample is drawn as a level line (the value holds until it changes)
              const pts = own.length === 1 ? [own[0], { t: own[0].t + 1, v: own[0].v }] : own;
              const last = own.length ? own[own.length - 1].v : p.value;
              return (
                <div key={p.id} style={{ height: 240, overflow: 'hidden' }} data-testid={`screen-trend-${p.code}`}>
                  <div style={{ display: 'flex', justifyContent: 'space-between', color: '#b7d3f7', marginBottom: 4 }}>
                    <span>
                      {p.code} {p.name}
                    </span>
                    <b style={{ color: p.alarmState && p.alarmState !== 'NORMAL' ? '#ff7875' : '#4fd2ff' }}>
                      {last === undefined || last === null ? '-' : `${last} ${p.unit || ''}`}
                    </b>
                  </div>
                  <TrendLine points={pts} width={560} height={200} limits={trendLimits(p)} />
                </div>
              );
            })}
            {!keyPoints.length ? <div className="aq-empty">{tt('暂无数据')}</div> : null}
          </div>
        </Panel>
      </div>
    </ScreenStage>
  );
}
