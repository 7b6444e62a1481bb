/**
 * The live layers of the 3D map besides people: the monitoring service's points (gas detectors and
 * other instruments) with their live value and alarm state, the video service's cameras with their
 * unhandled alarms. Loaded once, then kept current by the services' SSE streams (never polled): a
 * value event updates its point, a monitoring alarm event its point's alarm, a video alarm event
 * re-reads the camera list (its unhandled counts). A service the caller may not read leaves its
 * layer empty.
 */
import { useEffect, useRef, useState } from 'react';
import dayjs from 'dayjs';
import { activeAlarms, pointApi, subscribeLive, type Point } from '@/services/monitor';
import { cameraApi, subscribeVideoAlarms, type Camera } from '@/services/video';

/** at most this many points and cameras are drawn (a page of the services' lists) */
const MAX_ITEMS = 1000;
/** a point is offline after this many of its expected intervals without a sample (as the online rate) */
const OFFLINE_AFTER = 3;
/** video alarm events in a burst re-read the cameras once */
const CAMERA_RELOAD_MS = 1500;

export const DETECTOR_COLOURS = { normal: '#52c41a', warn: '#fa8c16', alarm: '#f5222d', offline: '#8c8c8c' };
export const CAMERA_COLOURS = { online: '#1677ff', offline: '#8c8c8c' };

export type DetectorState = keyof typeof DETECTOR_COLOURS;

/**
 * A point's state on the map: its alarm level while in alarm (HH and LL red, H and L orange),
 * offline when it has no sample within OFFLINE_AFTER expected intervals, else normal. `now` is the
 * plant's clock (values carry plant times).
 */
export function detectorState(p: Point, now: dayjs.Dayjs): DetectorState {
  const s = p.alarmState || 'NORMAL';
  if (s !== 'NORMAL' && s !== 'RTN_UNACK') return p.alarmLevel === 'HH' || p.alarmLevel === 'LL' ? 'alarm' : 'warn';
  if (!p.valueTime) return 'offline';
  const every = (p.expectInterval || 60) * OFFLINE_AFTER;
  return now.diff(dayjs(p.valueTime), 'second') > every ? 'offline' : 'normal';
}

const placed = <T extends { mapX?: number; mapY?: number }>(l: T[]) => l.filter((v) => Number.isFinite(v.mapX) && Number.isFinite(v.mapY));

export function useLiveLayers(on = true) {
  const [points, setPoints] = useState<Record<string, Point>>({});
  const [cameras, setCameras] = useState<Camera[]>([]);
  const [alarmed, setAlarmed] = useState<Record<string, boolean>>({});
  const timer = useRef<ReturnType<typeof setTimeout>>();

  useEffect(() => {
    if (!on) return undefined;
    let dead = false;
    const loadPoints = () =>
      pointApi
        .list({ current: 1, size: MAX_ITEMS })
        .then((p: any) => !dead && setPoints(Object.fromEntries(placed<Point>(p?.records || []).map((x) => [x.id!, x]))))
        .catch(() => undefined);
    const loadAlarms = () =>
      activeAlarms()
        .then((l: any[]) => !dead && setAlarmed(Object.fromEntries(l.map((a) => [String(a.pointId), true]))))
        .catch(() => undefined);
    const loadCameras = () =>
      cameraApi
        .list({ current: 1, size: MAX_ITEMS })
        .then((p: any) => !dead && setCameras(placed<Camera>(p?.records || [])))
        .catch(() => undefined);
    void loadPoints();
    void loadAlarms();
    void loadCameras();
    const offLive = subscribeLive((e) => {
      if (e.event === 'value' && e.data?.id) {
        const v = e.data as Point;
        setPoints((m) =>
          m[v.id!]
            ? {
                ...m,
                [v.id!]: {
                  ...m[v.id!],
                  value: v.value,
                  valueTime: v.valueTime,
                  alarmLevel: v.alarmLevel || '',
                  alarmState: v.alarmState || 'NORMAL',
                },
              }
            : m,
        );
      } else if (e.event === 'alarm' && e.data?.pointId) {
        const id = String(e.data.pointId);
        setAlarmed((m) => ({ ...m, [id]: e.data.state !== 'NORMAL' }));
      } else if (e.event === 'ready') {
        // a resumed stream may have missed events: read the state again
        void loadPoints();
        void loadAlarms();
      }
    });
    const offVideo = subscribeVideoAlarms((e) => {
      if (e.event !== 'alarm' && e.event !== 'ready') return;
      clearTimeout(timer.current);
      timer.current = setTimeout(loadCameras, CAMERA_RELOAD_MS);
    });
    return () => {
      dead = true;
      offLive();
      offVideo();
      clearTimeout(timer.current);
    };
  }, [on]);

  return { points, cameras, alarmed };
}
