import React, { useCallback, useEffect, useState } from 'react';
import { Bars, Kpis, ListTable, Panel, ScreenHead, ScreenStage } from '@/components/BigScreen';
import { majorHazardApi } from '@/services/equipment';
import { type Alarm, LEVEL_NAMES, STATE_NAMES, activeAlarms, pointApi, screenAlarmOrder, subscribeLive } from '@/services/monitor';
import { getScreen } from '@/services/prevention';
import { get } from '@/utils/request';
import { useText } from '@/utils/i18nText';

const HAZARD_HEX: Record<string, string> = { '10': '#9254de', '0': '#409eff', '1': '#faad14', '9': '#52c41a', '8': '#8c8c8c' };
const JOB_STATUS: Record<number, string> = { 1: '待作业', 2: '作业中', 3: '已完成' };
/** The parts that are not on the stream (installations, permits, hazards) are read again this often. */
const REFRESH_MS = 60000;
const ROW1 = 430;
const ROW2 = 440;

interface Part<T> {
  data?: T;
  failed?: string;
}

/** Reads a part; a part that cannot be read keeps its message and the rest of the screen works. */
function usePart<T>(load: () => Promise<T>): [Part<T>, () => void] {
  const [part, setPart] = useState<Part<T>>({});
  const reload = useCallback(() => {
    load()
      .then((data) => setPart({ data }))
      .catch((e) => setPart((p) => ({ data: p.data, failed: e?.message || 'error' })));
  }, [load]);
  return [part, reload];
}

const loadHazards = () => majorHazardApi.list({ current: 1, size: 50 }).then((p: any) => p?.records || []);
const loadPoints = () => pointApi.list({ current: 1, size: 1000 }).then((p: any) => p?.records || []);
const loadPermits = () => get<any>('/api/n-work-ticket/statistics/today', { current: 1, size: 100 }).then((r) => r.data?.records || []);
const loadDanger = () => getScreen();

/** 智慧管控平台: major hazard installations with their indicators, active alarms, today's permits and hazards. */
export default function ControlScreenPage() {
  const tt = useText();
  const [hazards, reloadHazards] = usePart<any[]>(loadHazards);
  const [points, reloadPoints] = usePart<any[]>(loadPoints);
  const [permits, reloadPermits] = usePart<any[]>(loadPermits);
  const [danger, reloadDanger] = usePart<any>(loadDanger);
  const [alarms, setAlarms] = useState<Alarm[]>([]);
  const [alarmFailed, setAlarmFailed] = useState('');
  const [live, setLive] = useState<Record<string, any>>({});

  const loadAlarms = useCallback(
    () =>
      activeAlarms()
        .then((a) => {
          setAlarms(a as Alarm[]);
          setAlarmFailed('');
        })
        .catch((e) => setAlarmFailed(e?.message || 'error')),
    [],
  );
  const reload = useCallback(() => {
    reloadHazards();
    reloadPoints();
    reloadPermits();
    reloadDanger();
    loadAlarms();
  }, [reloadHazards, reloadPoints, reloadPermits, reloadDanger, loadAlarms]);

  useEffect(() => {
    reload();
    const t = setInterval(() => {
      reloadHazards();
      reloadPermits();
      reloadDanger();
    }, REFRESH_MS);
    const off = subscribeLive((e) => {
      if (e.event === 'value' && e.data?.id) {
        setLive((m) => ({ ...m, [e.data.id]: e.data }));
      } else if (e.event === 'alarm' && e.data) {
        setAlarms((list) => {
          const rest = list.filter((a) => a.id !== e.data.id);
          return e.data.state === 'NORMAL' ? rest : [e.data, ...rest];
        });
      } else if (e.event === 'ready') {
        loadAlarms();
      }
    });
    return () => {
      clearInterval(t);
      off();
    };
  }, [reload, reloadHazards, reloadPermits, reloadDanger, loadAlarms]);

  // the installations' indicators: the monitored points of the installation's area
  const byArea: Record<string, any[]> = {};
  for (const p of points.data || []) {
    if (!p.areaId || p.areaId === '0') continue;
    (byArea[p.areaId] = byArea[p.areaId] || []).push(p);
  }
  const indicator = (p: any) => {
    const l = live[p.id] ?? p;
    const v = l.value === undefined || l.value === null ? '-' : `${l.value}${p.unit || ''}`;
    const bad = l.alarmState && l.alarmState !== 'NORMAL';
    return (
      <span key={p.id} style={{ marginRight: 10, color: bad ? '#ff7875' : '#b7d3f7' }} title={p.name}>
        {p.code} <b>{v}</b>
      </span>
    );
  };
  const d = danger.data || {};
  const permitRows = permits.data || [];
  const kpis: [string, any, string][] = [
    ['重大危险源', hazards.data ? hazards.data.length : '-', 'installations'],
    ['活动报警', alarms.length, 'active-alarms'],
    ['今日作业', permits.data ? permitRows.length : '-', 'permits-today'],
    ['作业中', permits.data ? permitRows.filter((p: any) => p.jobStatus === 2).length : '-', 'permits-working'],
    ['未闭环隐患', danger.data ? d.hazardsOpen : '-', 'hazards-open'],
  ];
  const failedText = (m?: string) => (
    <div className="aq-empty" data-testid="screen-part-failed">
      {tt('无法读取')}: {m}
    </div>
  );
  return (
    <ScreenStage testId="control-screen">
      <ScreenHead title="智慧管控平台" onRefresh={reload} />
      <Kpis items={kpis} loaded />
      <div className="aq-grid">
        <Panel title="重大危险源监测" className="fill" style={{ height: ROW1, gridColumn: 'span 2' }} testId="screen-major-hazards">
          {hazards.failed && !hazards.data ? (
            failedText(hazards.failed)
          ) : (
            <ListTable
              rows={(hazards.data || []).slice(0, 10)}
              cols={[
                ['危险源', (r) => r.name],
                ['等级', (r) => r.levelName, true],
                ['包保责任人', (r) => r.mainUserName],
                [
                  '监测指标',
                  (r) =>
                    points.failed && !points.data
                      ? tt('无法读取')
                      : (byArea[r.areaId] || []).length
                        ? (byArea[r.areaId] || []).slice(0, 5).map(indicator)
                        : tt('未接入'),
                ],
              ]}
              testId="screen-hazard-list"
            />
          )}
        </Panel>
        <Panel title={`${tt('实时报警')} (${alarms.length})`} className="fill" style={{ height: ROW1 }} testId="screen-alarm-panel">
          {alarmFailed ? (
            failedText(alarmFailed)
          ) : (
            <ListTable
              empty="当前无报警"
              rows={screenAlarmOrder(alarms).slice(0, 10)}
              cols={[
                ['点位', (r) => `${r.pointCode} ${r.pointName || ''}`],
                ['级别', (r) => tt(LEVEL_NAMES[r.level] || r.level), true],
                ['报警值', (r) => `${r.value}${r.unit || ''}`],
                ['状态', (r) => tt(STATE_NAMES[r.state] || r.state)],
              ]}
              testId="screen-alarms"
            />
          )}
        </Panel>
        <Panel title="今日作业" className="fill" style={{ height: ROW2, gridColumn: 'span 2' }} testId="screen-permits">
          {permits.failed && !permits.data ? (
            failedText(permits.failed)
          ) : (
            <ListTable
              empty="今日无作业"
              rows={permitRows.slice(0, 10)}
              cols={[
                ['作业票号', (r) => r.ticketNo],
                ['作业类型', (r) => r.workTypeName],
                ['作业地点', (r) => r.location || r.areaName],
                ['作业单位', (r) => r.workUnit],
                ['计划时间', (r) => `${String(r.planStartTime || '').slice(11, 16)}-${String(r.planEndTime || '').slice(11, 16)}`],
                ['状态', (r) => tt(JOB_STATUS[r.jobStatus] || '-')],
              ]}
              testId="screen-permit-list"
            />
          )}
        </Panel>
        <Panel title="隐患治理" className="fill" style={{ height: ROW2 }} testId="screen-hazards">
          {danger.failed && !danger.data ? (
            failedText(danger.failed)
          ) : (
            <>
              <Bars items={d.hazardStates} colours={HAZARD_HEX} testId="screen-hazard-states" />
              <ListTable
                empty="暂无逾期"
                rows={(d.overdueHazards || []).slice(0, 5)}
                cols={[
                  ['逾期隐患', (r) => r.dangerName],
                  ['整改期限', (r) => r.deadline, true],
                ]}
                testId="screen-overdue-hazards"
              />
            </>
          )}
        </Panel>
      </div>
    </ScreenStage>
  );
}
