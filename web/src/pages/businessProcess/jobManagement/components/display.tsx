import React from 'react';
import { Space, Tag } from 'antd';
import type { Options, Permit } from '@/services/workticket';
import { useText } from '@/utils/i18nText';
import { FIRE_LEVELS, FLOW_STATUS, JOB_STATUS, TICKET_STATUS, type TypeField } from './catalogue';

type T = (s: string) => string;
const find = <O extends { value: any }>(list: O[], v: any) => list.find((o) => String(o.value) === String(v));

/** A type field's stored value as text (options by name, units appended, switches 是/否). */
export function fieldText(f: TypeField, v: any, opts: Options | undefined, tt: T): string {
  if (v === undefined || v === null || v === '') return '';
  switch (f.kind) {
    case 'switch':
      return v ? tt('是') : tt('否');
    case 'select': {
      if (f.options) return tt(find(f.options, v)?.label || String(v));
      const o = (f.optionsFrom && opts?.[f.optionsFrom]?.find((x) => String(x.code) === String(v))) || undefined;
      return o ? tt(o.name) : String(v);
    }
    case 'checkboxes': {
      const list = (f.optionsFrom && opts?.[f.optionsFrom]) || [];
      return String(v)
        .split(',')
        .filter(Boolean)
        .map((c) => tt(list.find((x) => x.code === c)?.name || c))
        .join('、');
    }
    case 'digit': {
      if (Number(v) === 0 && !f.required) return '';
      const lv = f.live ? f.live(v) : '';
      return `${v}${f.unit ? ` ${f.unit}` : ''}${lv ? ` (${tt(lv)})` : ''}`;
    }
    case 'person':
      return '';
    default:
      return String(v);
  }
}

/** 01 物体打击、08 火灾 … */
export function hazardText(codes: string | undefined, opts: Options | undefined, tt: T): string {
  return String(codes || '')
    .split(',')
    .filter(Boolean)
    .map((c) => {
      const name = opts?.hazardCodes?.find((h) => h.code === c)?.name;
      return name ? `${c} ${tt(name)}` : c;
    })
    .join('、');
}

/** The state in words: permit status, approval, job status. */
export function statusText(p: Permit, tt: T): string {
  const parts = [
    find(TICKET_STATUS, p.ticketStatus)?.label,
    p.flowStatus === 0 ? FLOW_STATUS[1].label : p.flowStatus === 2 ? FLOW_STATUS[3].label : '',
    find(JOB_STATUS, p.jobStatus)?.label,
    p.paused ? '已暂停' : '',
  ]
    .filter(Boolean)
    .map((s) => tt(s as string));
  return parts.join(' / ');
}

export const fireLevelName = (v: any) => find(FIRE_LEVELS, v)?.label || '';

/** Coloured tags of a permit's state (list and view). */
export function StatusTags({ p, compact }: { p: Permit; compact?: boolean }) {
  const tt = useText();
  const ts = find(TICKET_STATUS, p.ticketStatus);
  const js = find(JOB_STATUS, p.jobStatus);
  const fs = find(FLOW_STATUS, p.flowStatus);
  return (
    <Space size={4} wrap>
      {ts ? (
        <Tag color={ts.color} data-testid="ticket-status">
          {tt(ts.label)}
        </Tag>
      ) : null}
      {fs && (!compact || p.flowStatus === 0 || p.flowStatus === 2) ? (
        <Tag color={fs.color} data-testid="flow-status">
          {tt(fs.label)}
          {p.flowStatus === 0 && p.flowTaskName ? `: ${p.flowTaskName}` : ''}
        </Tag>
      ) : null}
      {!compact && js ? <Tag color={js.color}>{tt(js.label)}</Tag> : null}
      {p.paused ? <Tag color="warning">{tt('已暂停')}</Tag> : null}
    </Space>
  );
}

export function JobTag({ p }: { p: Permit }) {
  const tt = useText();
  const js = find(JOB_STATUS, p.jobStatus);
  if (!js) return <span>-</span>;
  return (
    <Space size={4}>
      <Tag color={js.color}>{tt(js.label)}</Tag>
      {p.paused ? <Tag color="warning">{tt('已暂停')}</Tag> : null}
    </Space>
  );
}
