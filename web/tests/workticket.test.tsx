import React, { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@umijs/max';
import enPages from '@/locales/pages/en-US';
import { heightLevel, liftingLevel, maxValidityHours } from '@/pages/businessProcess/jobManagement/components/levels';
import { onlySpecial, PERMIT_TYPES, permitType, viewPath } from '@/pages/businessProcess/jobManagement/components/catalogue';
import { fieldText, hazardText } from '@/pages/businessProcess/jobManagement/components/display';
import PrintSheet, { fitZoom, PRINT_HEIGHT_PX } from '@/pages/businessProcess/jobManagement/components/PrintSheet';
import { toPermit, toValues } from '@/pages/businessProcess/jobManagement/components/PermitForm';
import PermitViewPage, { defaultReadings, descSpan } from '@/pages/businessProcess/jobManagement/components/PermitView';
import { configureRequest } from '@/utils/request';
import type { Options, Permit, PermitView } from '@/services/workticket';

(globalThis as any).IS_REACT_ACT_ENVIRONMENT = true;

const opts: Options = {
  workTypes: [],
  hazardCodes: [
    { code: '08', name: '火灾' },
    { code: '19', name: '中毒和窒息' },
  ],
  hotWorkTools: [
    { code: 'weld', name: '电焊' },
    { code: 'gasCut', name: '气割' },
  ],
  ticketStatuses: [],
  jobStatuses: [],
  workPhases: [],
  blindPlateTypes: [
    { code: '1', name: '堵盲板' },
    { code: '2', name: '抽盲板' },
  ],
  gasTypes: [],
  measureTemplates: [],
};

describe('permit levels shown live (GB 30871-2022)', () => {
  it.each([
    [1.99, ''],
    [2, '一级'],
    [5, '一级'],
    [5.01, '二级'],
    [15, '二级'],
    [15.5, '三级'],
    [30, '三级'],
    [30.1, '四级'],
    [undefined, ''],
  ])('height %s m → %s', (h, want) => expect(heightLevel(h as any)).toBe(want));

  it.each([
    [0, ''],
    [39.9, '三级'],
    [40, '二级'],
    [100, '二级'],
    [100.1, '一级'],
  ])('lifting %s t → %s', (m, want) => expect(liftingLevel(m)).toBe(want));

  it('validity: 特级/一级 hot work 8 h, 二级 72 h, confined space 24 h, others none', () => {
    expect(maxValidityHours('hotWork', 0)).toBe(8);
    expect(maxValidityHours('hotWork', 1)).toBe(8);
    expect(maxValidityHours('hotWork', 2)).toBe(72);
    expect(maxValidityHours('confinedSpaceWork')).toBe(24);
    expect(maxValidityHours('liftingWork')).toBeUndefined();
  });
});

describe('permit catalogue', () => {
  it('has the eight special types plus ordinary work, each with its pages', () => {
    expect(PERMIT_TYPES.map((t) => t.code).sort()).toEqual(
      [
        'altitudeWork',
        'blindPlateWork',
        'breakGroundWork',
        'confinedSpaceWork',
        'hotWork',
        'liftingWork',
        'openCircuitWork',
        'ordinary',
        'temporaryPowerWork',
      ].sort(),
    );
    expect(viewPath('hotWork', '7')).toBe('/businessProcess/jobManagement/newJobManagement/hotWork/view?id=7');
    expect(viewPath('ordinary', '7')).toBe('/businessProcess/jobOrdinary/view?id=7');
    expect(onlySpecial('ordinary')).toBe('');
    expect(onlySpecial('nope')).toBe('');
    expect(onlySpecial('liftingWork')).toBe('liftingWork');
    expect(PERMIT_TYPES.filter((t) => t.gas).map((t) => t.code)).toEqual(['hotWork', 'confinedSpaceWork']);
  });

  it('every type name, field label and option has an English text', () => {
    const texts = PERMIT_TYPES.flatMap((t) => [t.name, ...t.fields.flatMap((f) => [f.label, ...(f.options || []).map((o) => o.label)])]);
    expect(texts.filter((t) => !enPages[t])).toEqual([]);
  });
});

describe('permit form values', () => {
  const hot = permitType('hotWork')!;
  it('sends only the sub-object of its type, lists joined, empty confirmers left out', () => {
    const p = toPermit(
      hot,
      {
        workUnit: ' 检修车间 ',
        areaId: '11',
        content: '管线焊接',
        operatorIds: ['3', '4'],
        guardianId: '5',
        planStartTime: '2026-11-23 09:00:00',
        planEndTime: '2026-11-23 15:00:00',
        hazardCodes: ['08', '19'],
        safetyMeasures: [
          { content: '清除可燃物', involved: true },
          { content: ' ' },
          { content: '配备灭火器', involved: false, confirmUserId: '5' },
        ],
        relatedTicketNos: ['MB-20261123-0001'],
        sub: { fireLevel: 1, tools: ['weld', 'gasCut'], onRunningEquipment: undefined },
      },
      undefined,
      true,
    );
    expect(p.workUnit).toBe('检修车间');
    expect(p.operatorIds).toBe('3,4');
    expect(p.hazardCodes).toBe('08,19');
    expect(p.relatedTicketNos).toBe('MB-20261123-0001');
    expect(p.apply).toBe(true);
    expect(p.hotWork).toEqual({ fireLevel: 1, tools: 'weld,gasCut', onRunningEquipment: false });
    expect(p.confinedSpace).toBeUndefined();
    expect(p.safetyMeasures).toEqual([
      { seq: 1, content: '清除可燃物', involved: true, confirmUserId: undefined },
      { seq: 2, content: '配备灭火器', involved: false, confirmUserId: '5' },
    ]);
    expect(p.planStartTime).toBe('2026-11-23 09:00:00');
  });

  it('reads a stored permit back into the form (ids "0" mean none)', () => {
    const v = toValues(hot, {
      workType: 'hotWork',
      areaId: '11',
      guardianId: '0',
      operatorIds: '3,4',
      hazardCodes: '',
      hotWork: { fireLevel: 2, tools: 'weld' },
      safetyMeasures: [{ seq: 1, content: 'x', involved: true, confirmUserId: '0' }],
    } as Permit);
    expect(v.guardianId).toBeUndefined();
    expect(v.operatorIds).toEqual(['3', '4']);
    expect(v.hazardCodes).toEqual([]);
    expect(v.sub).toMatchObject({ fireLevel: 2, tools: ['weld'] });
    expect(v.safetyMeasures[0].confirmUserId).toBeUndefined();
  });

  it('shows stored values as text', () => {
    const f = (name: string, t = 'hotWork') => permitType(t)!.fields.find((x) => x.name === name)!;
    const tt = (s: string) => s;
    expect(fieldText(f('fireLevel'), 0, opts, tt)).toBe('特级');
    expect(fieldText(f('tools'), 'weld,gasCut', opts, tt)).toBe('电焊、气割');
    expect(fieldText(f('plateType', 'blindPlateWork'), 2, opts, tt)).toBe('抽盲板');
    expect(fieldText(f('height', 'altitudeWork'), 16, opts, tt)).toBe('16 m (三级)');
    expect(hazardText('08,19', opts, tt)).toBe('08 火灾、19 中毒和窒息');
    expect(defaultReadings('confinedSpaceWork').map((r) => r.gasType)).toEqual([1, 3, 2]);
  });
});

describe('one-page print', () => {
  afterEach(() => {
    setLocale('zh-CN');
    document.body.innerHTML = '';
  });

  it('zooms a sheet taller than A4 to fit and never enlarges', () => {
    expect(fitZoom(500)).toBe(1);
    expect(fitZoom(PRINT_HEIGHT_PX)).toBe(1);
    expect(fitZoom(PRINT_HEIGHT_PX * 2)).toBeLessThanOrEqual(0.5);
    expect(fitZoom(PRINT_HEIGHT_PX * 2) * PRINT_HEIGHT_PX * 2).toBeLessThanOrEqual(PRINT_HEIGHT_PX);
  });

  it('prints every field, measure, gas sample and signature', async () => {
    // a stored permit with the fields the sheet prints (the server sends every field)
    const view = {
      tenantName: '江东化工有限公司',
      printTime: '2026-11-23 10:00:00',
      permit: {
        id: '1',
        ticketNo: 'DH-20261123-0001',
        workType: 'hotWork',
        levelName: '一级',
        workUnit: '检修车间',
        areaName: '罐区',
        content: '管线焊接',
        applicantName: '管理员',
        operatorNames: '焊工',
        guardianName: '主任',
        hazardCodes: '08',
        ticketStatus: 1,
        jobStatus: 1,
        hotWork: { fireLevel: 1, tools: 'weld' },
        safetyMeasures: [
          {
            seq: 1,
            content: '清除可燃物',
            involved: true,
            confirmUserId: '5',
            confirmUserName: '主任',
            confirmTime: '2026-11-23 08:50:00',
          },
        ],
      },
      gasSamples: [
        {
          id: '9',
          ticketId: '1',
          sampleTime: '2026-11-23 08:55:00',
          samplePoint: '动火点',
          sampleKind: 1,
          qualified: true,
          analystName: '安全员',
          readings: [{ gasName: '甲烷', gasType: 1, value: 0.1, unit: '%VOL' }],
        },
      ],
      signatures: [
        { taskName: '作业单位负责人审批', action: 'pass', userName: '主任', comment: '同意', time: '2026-11-23 08:40:00' },
        { taskName: '安全管理部门审批', action: 'pass', userName: '安全员', comment: '同意', time: '2026-11-23 08:45:00' },
      ],
      guardianChanges: [],
    } as unknown as PermitView;
    const host = document.createElement('div');
    document.body.appendChild(host);
    const r = createRoot(host);
    await act(async () => r.render(<PrintSheet view={view} type={permitType('hotWork')!} opts={opts} />));
    const text = host.textContent || '';
    for (const s of [
      '动火作业安全作业票',
      'DH-20261123-0001',
      '江东化工有限公司',
      '管线焊接',
      '电焊',
      '08 火灾',
      '清除可燃物',
      '甲烷 0.1%VOL',
      '作业单位负责人审批',
      '安全管理部门审批',
      '完工验收',
    ]) {
      expect(text).toContain(s);
    }
    expect(host.querySelectorAll('.wt-sign-name').length).toBe(2);
    expect((host.querySelector('.wt-print-sheet') as HTMLElement).style.getPropertyValue('--wt-zoom')).toBe('1');
    act(() => r.unmount());
  });
});

describe('permit view page', () => {
  const permit = {
    id: '7',
    ticketNo: 'DH-20261123-0007',
    workType: 'hotWork',
    levelName: '一级',
    ticketStatus: 0,
    jobStatus: 1,
    flowStatus: 0,
    flowTaskName: '作业单位负责人审批',
    processInstanceId: 'pi-7',
    hotWork: { fireLevel: 1, tools: 'weld' },
    safetyMeasures: [],
    actions: ['approve', 'void', 'gas'],
  };
  const calls: { url: string; body?: string }[] = [];
  const toasts: string[] = [];
  function serve(todo: string[], refuse?: string) {
    configureRequest({
      notifyError: (m) => toasts.push(m),
      fetch: (async (url: string, init: any) => {
        calls.push({ url, body: init?.body });
        const json = (data: any, code = 200, msg = '操作成功') =>
          new Response(JSON.stringify({ code, success: code === 200, data, msg }), {
            status: code,
            headers: { 'Content-Type': 'application/json' },
          });
        if (url.includes('/ticket/detail')) return json({ permit, gasSamples: [], signatures: [], guardianChanges: [] });
        if (url.includes('/ticket/options')) return json(opts);
        if (url.includes('/work/todo-list')) return json({ records: todo.map((p) => ({ processInstanceId: p })), total: todo.length });
        if (url.includes('/task-process-comment')) return json([]);
        if (url.includes('/ticket/approve')) return refuse ? json(null, 400, refuse) : json(permit);
        return json(null);
      }) as any,
    });
  }
  async function mount() {
    window.history.replaceState({}, '', '/businessProcess/jobManagement/newJobManagement/hotWork/view?id=7');
    const host = document.createElement('div');
    document.body.appendChild(host);
    const r = createRoot(host);
    await act(async () => r.render(<PermitViewPage workType="hotWork" />));
    await act(async () => new Promise((res) => setTimeout(res, 200)));
    return { host, unmount: () => act(() => r.unmount()) };
  }
  afterEach(() => {
    calls.length = 0;
    toasts.length = 0;
    document.body.innerHTML = '';
    document.body.className = '';
  });

  it('shows the buttons the server offers, the approval card only to a waiting signer, and its refusal as is', async () => {
    serve(['pi-7'], '您不是当前审批环节的审批人');
    const { host, unmount } = await mount();
    expect(host.querySelector('[data-testid="ticket-no"]')!.textContent).toBe('DH-20261123-0007');
    expect(host.querySelector('[data-testid="act-void"]')).not.toBeNull();
    expect(host.querySelector('[data-testid="act-start"]')).toBeNull();
    expect(host.querySelector('[data-testid="gas-add"]')).not.toBeNull();
    expect(document.body.classList.contains('wt-printing')).toBe(true);
    const pass = host.querySelector('[data-testid="approve-pass"]') as HTMLElement;
    expect(pass).not.toBeNull();
    await act(async () => pass.click());
    await act(async () => new Promise((res) => setTimeout(res, 50)));
    const sent = calls.find((c) => c.url.includes('/ticket/approve'));
    expect(JSON.parse(sent!.body!)).toEqual({ id: '7', pass: true, comment: '' });
    expect(toasts).toEqual(['您不是当前审批环节的审批人']);
    unmount();
    expect(document.body.classList.contains('wt-printing')).toBe(false);
  });

  it('hides the approval card when flow does not wait for the caller', async () => {
    serve(['another']);
    const { host, unmount } = await mount();
    expect(host.querySelector('[data-testid="permit-details"]')).not.toBeNull();
    expect(host.querySelector('[data-testid="approve-card"]')).toBeNull();
    unmount();
  });
});

describe('view layout', () => {
  it('type fields fill their rows of three', () => {
    const spans = (fs: { span?: number }[]) => fs.map((_, i) => descSpan(fs, i));
    expect(spans([{}, {}, {}, {}])).toEqual([1, 1, 1, 3]);
    expect(spans([{}, {}, { span: 24 }, {}])).toEqual([1, 2, 3, 3]);
    expect(spans([{}])).toEqual([3]);
    expect(spans([{}, {}, {}])).toEqual([1, 1, 1]);
  });
});
