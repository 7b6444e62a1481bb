import React, { useCallback, useEffect, useRef, useState } from 'react';
import { Bars, Kpis, Panel, ScreenHead, ScreenStage, TrendLine, type TrendPoint } from '@/components/BigScreen';
import { VideoTile, useCameras } from '@/components/VideoWall';
import { HANDLE_STATES, type VideoAlarm, alarmStats, snapshotUrl, subscribeVideoAlarms, videoAlarmApi } from '@/services/video';
import { useText } from '@/utils/i18nText';
import './index.less';

/** How many alarms the feed keeps. */
export const FEED_SIZE = 30;
/** How long a burst of live events waits before the counts are read again. */
const STATS_DEBOUNCE_MS = 300;

const TYPE_HEX: Record<string, string> = {
  helmet: '#faad14',
  smoking: '#fa8c16',
  intrusion: '#f5222d',
  fire: '#ff4d4f',
  phone: '#13c2c2',
  vest: '#eb2f96',
  sleep: '#9254de',
};
const STATE_CLASS: Record<number, string> = { 0: 'open', 1: 'confirmed', 2: 'false', 3: 'closed' };

/** The newest first: by the last time the alarm fired, then by id. */
function newestFirst(a: VideoAlarm, b: VideoAlarm) {
  const ta = String(a.lastTime || a.alarmTime || '');
  const tb = String(b.lastTime || b.alarmTime || '');
  if (ta !== tb) return ta < tb ? 1 : -1;
  return String(b.id || '').localeCompare(String(a.id || ''), undefined, { numeric: true });
}

/** The feed with a live alarm put in (a new one added, a merged or handled one replaced), newest first, at most FEED_SIZE. */
export function mergeFeed(feed: VideoAlarm[], a: VideoAlarm): VideoAlarm[] {
  const rest = feed.filter((x) => String(x.id) !== String(a.id));
  return [a, ...rest].sort(newestFirst).slice(0, FEED_SIZE);
}

/** Today's alarms by hour (the tenant's day, hours 0..23) as trend points. */
export function hourPoints(byHour: { hour?: number; count?: any }[] | undefined): TrendPoint[] {
  return (byHour || []).map((h) => ({ t: Number(h.hour) * 3600000, v: Number(h.count) || 0 }));
}

/**
 * 企业封闭化管理: the closed-management screen of AI video alarms, a 1920x1080 design scaled to the
 * window, live over the video SSE stream (no polling): the alarm feed with snapshots, counts by
 * type and by camera, today's trend by hour, a small camera wall and the day's figures.
 */
export default function ClosedManagementScreen() {
  const tt = useText();
  const cameras = useCameras();
  const [stats, setStats] = useState<any>(null);
  const [feed, setFeed] = useState<VideoAlarm[]>([]);
  const [failed, setFailed] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>();

  const loadStats = useCallback(
    () =>
      alarmStats()
        .then((s) => {
          setStats(s);
          setFailed('');
        })
        .catch((e) => setFailed(e?.message || 'error')),
    [],
  );
  const loadFeed = useCallback(
    () =>
      videoAlarmApi
        .list({ current: 1, size: FEED_SIZE })
        .then((p: any) => setFeed(((p?.records || []) as VideoAlarm[]).sort(newestFirst)))
        .catch((e) => setFailed(e?.message || 'error')),
    [],
  );
  const load = useCallback(() => {
    void loadStats();
    void loadFeed();
  }, [loadStats, loadFeed]);

  useEffect(() => {
    load();
    const off = subscribeVideoAlarms((e) => {
      if (e.event === 'ready') {
        // (re)connected: what happened during a break is read once
        load();
        return;
      }
      if (e.event !== 'alarm' || !e.data?.id) return;
      setFeed((f) => mergeFeed(f, e.data));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void loadStats(), STATS_DEBOUNCE_MS);
    });
    return () => {
      off();
      clearTimeout(timer.current);
    };
  }, [load, loadStats]);

  const s = stats || {};
  const kpis: [string, any, string][] = [
    ['今日报警', s.today, 'today'],
    ['未处理', s.unhandled, 'unhandled'],
    ['今日已确认', s.confirmed, 'confirmed'],
    ['今日误报', s.falseAlarm, 'false'],
    ['摄像头在线', `${Number(s.camerasOnline) || 0}/${Number(s.camerasTotal) || 0}`, 'online'],
  ];
  const byType = (s.byType || [])
    .filter((t: any) => Number(t.count) > 0)
    .map((t: any) => ({ code: t.alarmType, name: t.alarmTypeName, count: Number(t.count) }));
  const byCamera = (s.byCamera || []).map((c: any) => ({ code: String(c.cameraId), name: c.cameraName, count: Number(c.count) }));
  const stateName = (v?: number) => HANDLE_STATES.find((h) => h.value === v)?.label || String(v ?? '');

  return (
    <ScreenStage testId="closed-screen">
      <ScreenHead title="企业封闭化管理" onRefresh={load} />
      {failed ? <div className="aq-empty">{failed}</div> : null}
      <Kpis items={kpis} loaded={!!stats} />
      <div className="aq-closed-grid">
        <div className="aq-closed-col">
          <Panel title="今日报警类型" className="fill" testId="closed-by-type">
            <Bars items={byType} colours={TYPE_HEX} testId="screen-by-type" />
          </Panel>
          <Panel title="今日摄像头报警排行" className="fill" testId="closed-by-camera">
            <Bars items={byCamera} colours={{}} testId="screen-by-camera" />
          </Panel>
        </div>
        <div className="aq-closed-col">
          <Panel title="视频监控" className="aq-closed-wall-panel">
            <div className="aq-closed-wall" data-testid="closed-wall">
              {Array.from({ length: 4 }, (_, i) => (
                <VideoTile key={i} camera={cameras[i]} height={262} dark />
              ))}
            </div>
          </Panel>
          <Panel title="今日报警趋势(按小时)" testId="closed-trend">
            <TrendLine points={hourPoints(s.byHour)} width={880} height={150} colour="#ff7a45" testId="screen-trend" />
            <div className="aq-closed-hours">
              {[0, 6, 12, 18, 23].map((h) => (
                <span key={h}>{`${h}:00`}</span>
              ))}
            </div>
          </Panel>
        </div>
        <Panel title="实时报警动态" className="fill aq-closed-feed" testId="closed-feed">
          {feed.length === 0 ? (
            <div className="aq-empty">{tt('暂无报警')}</div>
          ) : (
            <div className="aq-closed-items">
              {feed.map((a) => {
                const st = Number(a.handleStatus) || 0;
                return (
                  <div
                    key={String(a.id)}
                    className={`aq-closed-item ${STATE_CLASS[st] || ''}`}
                    data-testid="closed-feed-item"
                    data-id={String(a.id)}
                    data-status={st}
                  >
                    <div className="snap">
                      {a.snapshot ? (
                        <img src={snapshotUrl(a.snapshot)} alt={tt('抓拍')} />
                      ) : (
                        <span>{tt(a.snapshotExpired ? '快照已过期清理' : '无抓拍')}</span>
                      )}
                    </div>
                    <div className="txt">
                      <div className="head">
                        <b>{tt(a.alarmTypeName || a.alarmType || '')}</b>
                        <span className={`state ${STATE_CLASS[st] || ''}`}>{tt(stateName(st))}</span>
                      </div>
                      <div title={a.cameraName}>{a.cameraName}</div>
                      <div className="meta">
                        {a.lastTime || a.alarmTime}
                        {Number(a.repeatCount) > 1 ? ` · ${a.repeatCount}${tt('次')}` : ''} ·{' '}
                        {Math.round((Number(a.confidence) || 0) * 100)}%
                      </div>
                    </div>
                  </div>
                );
              })}
            </div>
          )}
        </Panel>
      </div>
    </ScreenStage>
  );
}
