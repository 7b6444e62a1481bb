import React, { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import {
  deadlineError,
  gradeLEC,
  gradeLS,
  hazardEditable,
  hazardRemovable,
  hazardSteps,
  riskLevelOf,
  taskCheckable,
} from '@/services/prevention';
import { Bars, Ring } from '@/components/BigScreen';
import RiskTag from '@/pages/safetyRisk/components/RiskTag';
import { gradeOf } from '@/pages/safetyRisk/components/EventFormModal';
import { idsToText } from '@/pages/safetyRisk/identification/fields';

(globalThis as any).IS_REACT_ACT_ENVIRONMENT = true;

describe('prevention: LEC / LS grading (same bounds as the server)', () => {
  it.each([
    // L, E, C, score, level
    [10, 10, 100, 10000, 1],
    [6, 6, 15, 540, 1],
    [10, 2, 16, 320, 1],
    [1, 10, 40, 400, 1],
    [3, 6, 15, 270, 2],
    [10, 2, 8, 160, 2],
    [3, 6, 7, 126, 3],
    [1, 10, 7, 70, 3],
    [3, 3, 7, 63, 4],
    [0.1, 0.5, 1, 0.05, 4],
  ])('LEC %s × %s × %s = %s → level %s', (l, e, c, score, level) => {
    const g = gradeLEC(l, e, c)!;
    expect(g.score).toBe(score);
    expect(g.level.level).toBe(level);
  });

  it.each([
    [5, 5, 25, 1, 'red'],
    [4, 5, 20, 1, 'red'],
    [4, 4, 16, 2, 'orange'],
    [3, 5, 15, 2, 'orange'],
    [3, 4, 12, 3, 'yellow'],
    [3, 3, 9, 3, 'yellow'],
    [2, 4, 8, 4, 'blue'],
    [1, 1, 1, 4, 'blue'],
  ])('LS %s × %s = %s → level %s (%s)', (l, s, score, level, colour) => {
    const g = gradeLS(l, s)!;
    expect(g.score).toBe(score);
    expect(g.level.level).toBe(level);
    expect(g.level.colour).toBe(colour);
  });

  it('no grade until every factor is chosen; the form picks the method', () => {
    expect(gradeLEC(3, 6)).toBeUndefined();
    expect(gradeLS(undefined, 4)).toBeUndefined();
    expect(gradeOf({ method: 'LS', l: 4, s: 5 })!.level.level).toBe(1);
    expect(gradeOf({ method: 'LEC', l: 3, e: 6, c: 7 })!.score).toBe(126);
    expect(gradeOf({ l: 3, s: 5 })).toBeUndefined();
  });

  it('a level reads from its number or its colour', () => {
    expect(riskLevelOf(2)!.colour).toBe('orange');
    expect(riskLevelOf('blue')!.level).toBe(4);
    expect(riskLevelOf(0)).toBeUndefined();
    expect(riskLevelOf('transparent')).toBeUndefined();
  });
});

describe('prevention: hazard workflow offered per state', () => {
  it.each([
    [10, ['assess'], true, true],
    [0, ['rectify'], false, false],
    [1, ['accept'], false, false],
    [9, [], false, false],
    [8, [], false, true],
  ])('state %s offers %j (edit %s, remove %s)', (state, steps, edit, remove) => {
    expect(hazardSteps(state)).toEqual(steps);
    expect(hazardEditable(state)).toBe(edit);
    expect(hazardRemovable(state)).toBe(remove);
  });

  it('only pending, overdue-not-inspected and missed tasks can be inspected', () => {
    expect([1, 2, 3, 4, 5, 6].filter(taskCheckable)).toEqual([1, 3, 5]);
  });

  it('a deadline may not be before the report day', () => {
    const today = new Date(2026, 10, 21, 15, 0, 0);
    expect(deadlineError('2026-11-20', undefined, today)).not.toBe('');
    expect(deadlineError('2026-11-21', undefined, today)).toBe('');
    expect(deadlineError('2026-12-01 23:59:59', '2026-11-30 08:00:00')).toBe('');
    expect(deadlineError('2026-11-29', '2026-11-30 08:00:00')).not.toBe('');
    expect(deadlineError('', undefined, today)).toBe('');
  });

  it('id references become strings for the selects, unset 0 becomes empty', () => {
    expect(idsToText({ objectId: 12, deptId: '0', responsibleUserId: '7', name: 'x', tenantId: '100001' })).toEqual({
      objectId: '12',
      deptId: undefined,
      responsibleUserId: '7',
      name: 'x',
      tenantId: '100001',
    });
  });
});

describe('prevention: screen pieces', () => {
  const render = async (el: React.ReactElement) => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root = createRoot(host);
    await act(async () => root.render(el));
    return { host, done: () => act(() => root.unmount()) };
  };

  it('bars scale to the largest count and carry code and count', async () => {
    const { host, done } = await render(
      <Bars
        testId="b"
        colours={{ red: '#f00' }}
        items={[
          { code: 'red', name: '重大风险', count: 2 },
          { code: 'blue', name: '低风险', count: 4 },
        ]}
      />,
    );
    const rows = host.querySelectorAll('[data-code]');
    expect(rows).toHaveLength(2);
    expect((rows[0].querySelector('.fill') as HTMLElement).style.width).toBe('50%');
    expect(rows[1].getAttribute('data-count')).toBe('4');
    done();
  });

  it('the ring shows the rate, clamped to 0-100', async () => {
    const { host, done } = await render(<Ring rate={150} />);
    expect(host.textContent).toBe('100%');
    done();
  });

  it('a risk tag shows the level label, and 未评估 without one', async () => {
    const a = await render(<RiskTag level={1} />);
    expect(a.host.textContent).toBe('重大风险');
    a.done();
    const b = await render(<RiskTag level={0} colour="transparent" />);
    expect(b.host.textContent).toBe('未评估');
    b.done();
  });
});
