/**
 * The parts every big screen is made of (双重预防, 智慧监测, 智慧管控, 企业封闭化管理): the scaled
 * 1920x1080 stage, the head with title and clock, panels, CSS bars, a rate ring, an SVG trend line
 * and a plain list. No chart library: these routes stay light and draw the same in every browser.
 */
import React, { useEffect, useState } from 'react';
import dayjs from 'dayjs';
import { history } from '@umijs/max';
import { useEnterprise } from '@/stores/enterprise';
import { useText } from '@/utils/i18nText';
import './index.less';

/** The design size of the scaled screens. */
export const STAGE_W = 1920;
export const STAGE_H = 1080;

/** The scale and offsets that fit a STAGE_W x STAGE_H design into a w x h window, centred. */
export function fitStage(w: number, h: number): { scale: number; left: number; top: number } {
  const scale = Math.max(0.1, Math.min(w / STAGE_W, h / STAGE_H));
  return { scale, left: Math.max(0, (w - STAGE_W * scale) / 2), top: Math.max(0, (h - STAGE_H * scale) / 2) };
}

/** A 1920x1080 design scaled to the window (no scroll bars, no layout jumps when it resizes). */
export function ScreenStage({ children, testId }: { children: React.ReactNode; testId?: string }) {
  const [fit, setFit] = useState(() => fitStage(window.innerWidth, window.innerHeight));
  useEffect(() => {
    const onResize = () => setFit(fitStage(window.innerWidth, window.innerHeight));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return (
    <div className="aq-stage-outer">
      <div
        className="aq-screen aq-stage"
        data-testid={testId}
        data-scale={fit.scale}
        style={{ width: STAGE_W, height: STAGE_H, transform: `scale(${fit.scale})`, left: fit.left, top: fit.top }}
      >
        {children}
      </div>
    </div>
  );
}

/** The title bar: back to the home page and the company on the left, refresh and a clock on the right. */
export function ScreenHead({ title, onRefresh, extra }: { title: string; onRefresh?: () => void; extra?: React.ReactNode }) {
  const tt = useText();
  const enterprise = useEnterprise();
  const [now, setNow] = useState(dayjs());
  useEffect(() => {
    const clock = setInterval(() => setNow(dayjs()), 1000);
    return () => clearInterval(clock);
  }, []);
  return (
    <div className="aq-screen-head">
      <div className="aq-screen-side">
        <a onClick={() => history.push('/wel/index')}>{tt('返回')}</a>
        <span>{enterprise.companyShortName || enterprise.enterpriseName}</span>
      </div>
      <h1>{tt(title)}</h1>
      <div className="aq-screen-side right">
        {extra}
        {onRefresh ? <a onClick={onRefresh}>{tt('刷新')}</a> : null}
        <span>{now.format('YYYY-MM-DD HH:mm:ss')}</span>
      </div>
    </div>
  );
}

/** A titled panel; extra class names (e.g. 'fill') and inline style pass through. */
export function Panel({
  title,
  children,
  className,
  style,
  testId,
}: {
  title: string;
  children: React.ReactNode;
  className?: string;
  style?: React.CSSProperties;
  testId?: string;
}) {
  const tt = useText();
  return (
    <div className={className ? `aq-panel ${className}` : 'aq-panel'} style={style} data-testid={testId}>
      <h3>{tt(title)}</h3>
      {children}
    </div>
  );
}

/** A row of figures: [label, value, test id]; '-' until loaded. */
export function Kpis({ items, loaded }: { items: [string, any, string][]; loaded: boolean }) {
  const tt = useText();
  return (
    <div className="aq-kpis">
      {items.map(([k, v, id]) => (
        <div className="aq-kpi" key={id}>
          <div className="v" data-testid={`screen-${id}`}>
            {loaded ? (typeof v === 'string' ? v : Number(v) || 0) : '-'}
          </div>
          <div className="k">{tt(k)}</div>
        </div>
      ))}
    </div>
  );
}

export interface CountItem {
  code: string;
  name: string;
  count: number;
}

/** Horizontal bars, plain CSS. */
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

/** A rate (0-100) as an SVG ring: green from 90, amber from 60, red below. */
export function Ring({ rate, size = 120, testId = 'screen-rate' }: { rate: number; size?: number; testId?: string }) {
  const r = size / 2 - 10;
  const c = 2 * Math.PI * r;
  const p = Math.max(0, Math.min(100, Number(rate) || 0));
  return (
    <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} data-testid={testId}>
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

export interface TrendPoint {
  /** milliseconds since the epoch */
  t: number;
  v: number;
}

/** The polyline points of a series in a w x h box, the y range padded to include the limits. */
export function trendPath(points: TrendPoint[], w: number, h: number, limits: number[] = []): { d: string; min: number; max: number } {
  if (!points.length) return { d: '', min: 0, max: 0 };
  const vs = points.map((p) => p.v).concat(limits);
  let min = Math.min(...vs);
  let max = Math.max(...vs);
  if (max === min) {
    max += 1;
    min -= 1;
  }
  const t0 = points[0].t;
  const span = Math.max(1, points[points.length - 1].t - t0);
  const x = (t: number) => ((t - t0) / span) * w;
  const y = (v: number) => h - ((v - min) / (max - min)) * h;
  const d = points.map((p, i) => `${i ? 'L' : 'M'}${x(p.t).toFixed(1)},${y(p.v).toFixed(1)}`).join(' ');
  return { d, min, max };
}

/** A trend as an SVG line, with dashed limit lines and the range's extremes on the axis. */
export function TrendLine({
  points,
  width = 520,
  height = 160,
  limits = [],
  colour = '#4fd2ff',
  testId,
}: {
  points: TrendPoint[];
  width?: number;
  height?: number;
  limits?: { value: number; colour: string }[];
  colour?: string;
  testId?: string;
}) {
  const tt = useText();
  const pad = 28;
  const w = width - pad;
  const { d, min, max } = trendPath(
    points,
    w,
    height,
    limits.map((l) => l.value),
  );
  if (!points.length)
    return (
      <div className="aq-empty" data-testid={testId}>
        {tt('暂无数据')}
      </div>
    );
  const y = (v: number) => height - ((v - min) / (max - min)) * height;
  return (
    <svg className="aq-trend" width={width} height={height + 4} data-testid={testId} data-count={points.length}>
      <text x={0} y={10}>
        {Math.round(max * 10) / 10}
      </text>
      <text x={0} y={height}>
        {Math.round(min * 10) / 10}
      </text>
      <g transform={`translate(${pad},2)`}>
        {limits.map((l) => (
          <line key={l.value} x1={0} x2={w} y1={y(l.value)} y2={y(l.value)} stroke={l.colour} strokeDasharray="4 4" strokeWidth={1} />
        ))}
        <path d={d} fill="none" stroke={colour} strokeWidth={2} />
      </g>
    </svg>
  );
}

/** A plain table: [title, value of a row, shown in red?]; the empty text when there are no rows. */
export function ListTable({
  rows,
  cols,
  testId,
  empty = '暂无数据',
}: {
  rows?: any[];
  cols: [string, (r: any) => any, boolean?][];
  testId: string;
  empty?: string;
}) {
  const tt = useText();
  if (!rows || !rows.length)
    return (
      <div className="aq-empty" data-testid={testId}>
        {tt(empty)}
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
            {cols.map(([t, f, late]) => {
              const v = f(r);
              const shown = v === undefined || v === null || v === '' ? '-' : v;
              return (
                <td key={t} className={late ? 'late' : undefined} title={typeof shown === 'object' ? undefined : String(shown)}>
                  {shown}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
