import React, { useLayoutEffect, useRef } from 'react';
import type { Options, PermitView } from '@/services/workticket';
import { subOf } from '@/services/workticket';
import { useText } from '@/utils/i18nText';
import { useEnterprise } from '@/stores/enterprise';
import { fieldText, hazardText, statusText } from './display';
import type { PermitType } from './catalogue';

/** The printable height of A4 with 10 mm margins (297 - 20 mm) in CSS pixels, less a little slack. */
export const PRINT_HEIGHT_PX = Math.floor(((297 - 20) * 96) / 25.4) - 12;

/** The zoom that fits a sheet of this height on one page (never enlarges). */
export const fitZoom = (height: number, max = PRINT_HEIGHT_PX) => (height > max ? Math.floor((max / height) * 1000) / 1000 : 1);

// the acts the server records as signatures (approval steps and lifecycle acts)
const ACTION_TEXT: Record<string, string> = {
  apply: '提交申请',
  pass: '通过',
  reject: '驳回',
  start: '开始作业',
  pause: '暂停作业',
  resume: '恢复作业',
  complete: '完成作业',
  accept: '验收',
  void: '作废',
  revoke: '撤销',
  measure: '确认',
  guardian: '变更',
  gas: '气体分析',
};

/**
 * The permit as one A4 page: every field, the checklist with its confirmers, the gas analyses
 * and every signature. It is laid out (off screen) at the printed width all the time, so its
 * height is known and a zoom that fits one page can be set before anybody prints; print CSS
 * (permit.less) shows only this sheet.
 */
export default function PrintSheet({ view, type, opts }: { view: PermitView; type: PermitType; opts?: Options }) {
  const tt = useText();
  const enterprise = useEnterprise((e) => e.enterpriseName);
  const ref = useRef<HTMLDivElement>(null);
  const p = view.permit;
  const sub = subOf(p, type.code);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // the zoom applies only in print, so the height measured here is the unzoomed one
    el.style.setProperty('--wt-zoom', String(fitZoom(el.scrollHeight)));
  });

  const measures = p.safetyMeasures || [];
  const samples = (view.gasSamples || []).slice(0, 6);
  const signs = view.signatures || [];
  const row = (label: string, value: React.ReactNode, colSpan = 1) => (
    <>
      <th>{tt(label)}</th>
      <td colSpan={colSpan}>{value || '—'}</td>
    </>
  );
  const typeCells = type.fields.filter((f) => f.kind !== 'upload');

  return (
    <div className="wt-print-sheet" ref={ref} data-testid="print-sheet">
      <div className="wt-print-head">
        <div className="wt-print-tenant">{view.tenantName || enterprise}</div>
        <h1>{`${tt(type.name)}${tt('安全作业票')}`}</h1>
        <div className="wt-print-meta">
          <span>
            {tt('编号')}: {p.ticketNo}
          </span>
          <span>
            {tt('作业级别')}: {p.levelName ? tt(p.levelName) : '—'}
          </span>
          <span>
            {tt('状态')}: {statusText(p, tt)}
          </span>
        </div>
      </div>
      <table className="wt-print-table">
        <colgroup>
          <col style={{ width: '13%' }} />
          <col style={{ width: '20%' }} />
          <col style={{ width: '13%' }} />
          <col style={{ width: '20%' }} />
          <col style={{ width: '13%' }} />
          <col style={{ width: '21%' }} />
        </colgroup>
        <tbody>
          <tr>
            {row('作业单位', p.workUnit)}
            {row('作业区域', p.areaName)}
            {row('作业地点', p.location)}
          </tr>
          <tr>{row('作业内容', p.content, 5)}</tr>
          <tr>
            {row('申请人', p.applicantName)}
            {row('申请时间', p.applyTime)}
            {row('监护人', p.guardianName)}
          </tr>
          <tr>{row('作业人员', p.operatorNames, 5)}</tr>
          <tr>
            {row('计划时间', `${p.planStartTime || ''} ~ ${p.planEndTime || ''}`, 3)}
            {row('签发时间', p.issueTime)}
          </tr>
          <tr>
            {row('实际时间', p.actualStartTime ? `${p.actualStartTime} ~ ${p.actualEndTime || ''}` : '', 3)}
            {row('关联作业票', p.relatedTicketNos)}
          </tr>
          {chunk(typeCells, 3).map((cells, i) => (
            <tr key={`t${i}`}>
              {cells.map((f, j) => (
                <React.Fragment key={f.name}>
                  {row(f.label, fieldText(f, sub[f.name], opts, tt), j === cells.length - 1 ? 1 + (3 - cells.length) * 2 : 1)}
                </React.Fragment>
              ))}
            </tr>
          ))}
          {sub.escalated ? <tr>{row('升级管理', sub.escalationReason, 5)}</tr> : null}
          <tr>{row('危害辨识', hazardText(p.hazardCodes, opts, tt), 5)}</tr>
        </tbody>
      </table>

      <table className="wt-print-table wt-print-list">
        <thead>
          <tr>
            <th style={{ width: '6%' }}>{tt('序号')}</th>
            <th>{tt('安全措施')}</th>
            <th style={{ width: '8%' }}>{tt('涉及')}</th>
            <th style={{ width: '24%' }}>{tt('确认人')}</th>
          </tr>
        </thead>
        <tbody>
          {measures.map((m) => (
            <tr key={m.seq}>
              <td>{m.seq}</td>
              <td>{m.content}</td>
              <td>{m.involved ? '✓' : tt('不涉及')}</td>
              <td>{m.confirmUserName ? `${m.confirmUserName} ${(m.confirmTime || '').slice(5, 16)}` : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>

      {type.gas ? (
        <table className="wt-print-table wt-print-list">
          <thead>
            <tr>
              <th style={{ width: '22%' }}>{tt('分析时间')}</th>
              <th style={{ width: '16%' }}>{tt('分析部位')}</th>
              <th>{tt('分析结果')}</th>
              <th style={{ width: '10%' }}>{tt('结论')}</th>
              <th style={{ width: '12%' }}>{tt('分析人')}</th>
            </tr>
          </thead>
          <tbody>
            {samples.length ? (
              samples.map((s) => (
                <tr key={s.id}>
                  <td>{s.sampleTime}</td>
                  <td>{s.samplePoint}</td>
                  <td>{(s.readings || []).map((r) => `${r.gasName} ${r.value}${r.unit || ''}`).join('; ')}</td>
                  <td>{s.qualified ? tt('合格') : tt('不合格')}</td>
                  <td>{s.analystName}</td>
                </tr>
              ))
            ) : (
              <tr>
                <td colSpan={5}>—</td>
              </tr>
            )}
          </tbody>
        </table>
      ) : null}

      <table className="wt-print-table wt-print-list wt-print-signs">
        <thead>
          <tr>
            <th style={{ width: '24%' }}>{tt('审批环节')}</th>
            <th style={{ width: '10%' }}>{tt('操作')}</th>
            <th>{tt('签字')}</th>
            <th style={{ width: '22%' }}>{tt('时间')}</th>
          </tr>
        </thead>
        <tbody>
          {signs.map((s, i) => (
            <tr key={i}>
              <td>{s.taskName}</td>
              <td>{tt(ACTION_TEXT[s.action] || s.action)}</td>
              <td>
                <span className="wt-sign-name">{s.userName}</span>
                {s.comment ? ` ${s.comment}` : ''}
              </td>
              <td>{s.time}</td>
            </tr>
          ))}
          {p.acceptTime ? null : (
            // a blank line for the hand signature of the acceptance on paper
            <tr>
              <td>{tt('完工验收')}</td>
              <td />
              <td />
              <td />
            </tr>
          )}
        </tbody>
      </table>
      <div className="wt-print-foot">
        <span>
          {tt('打印时间')}: {view.printTime}
        </span>
        <span>{tt('依据 GB 30871-2022《危险化学品企业特殊作业安全规范》')}</span>
      </div>
    </div>
  );
}

function chunk<T>(xs: T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += n) out.push(xs.slice(i, i + n));
  return out;
}
