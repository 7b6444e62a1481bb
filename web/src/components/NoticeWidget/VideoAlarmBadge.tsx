import React, { useEffect, useState } from 'react';
import { Badge, Tooltip } from 'antd';
import { VideoCameraOutlined } from '@ant-design/icons';
import { history, useAccess } from '@umijs/max';
import website from '@/config/website';
import { MY_ALARMS_PATH, alarmStats, subscribeVideoAlarms } from '@/services/video';
import { useText } from '@/utils/i18nText';

/** How long a burst of live alarm events waits before the count is read again. */
const DEBOUNCE_MS = 500;

/**
 * The top bar's count of unhandled AI video alarms the user may handle (the cameras they are
 * responsible for or hold in their data scope; alarm/stats `mine`), for holders of the handle
 * button only. It follows the video alarm stream (no polling); a click opens those alarms (the
 * list's mine filter, unhandled).
 */
export default function VideoAlarmBadge({ color }: { color?: string }) {
  const access = useAccess();
  const tt = useText();
  const can = access.can('video_alarm_handle');
  const [count, setCount] = useState(0);

  useEffect(() => {
    if (!can) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      alarmStats()
        .then((s: any) => setCount(Number(s?.mine) || 0))
        .catch(() => undefined);
    void load();
    const off = subscribeVideoAlarms((e) => {
      if (e.event !== 'alarm' && e.event !== 'ready') return;
      clearTimeout(timer);
      timer = setTimeout(load, DEBOUNCE_MS);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [can]);

  if (!can) return null;
  return (
    <Tooltip title={tt('待处理的视频AI报警')}>
      <span
        data-testid="video-alarm-badge"
        data-count={count}
        style={{ cursor: 'pointer', padding: '0 8px', display: 'inline-flex' }}
        onClick={() => history.push(MY_ALARMS_PATH)}
      >
        <Badge count={count} overflowCount={website.badgeMax} size="small">
          <VideoCameraOutlined style={{ fontSize: 18, color }} />
        </Badge>
      </span>
    </Tooltip>
  );
}
