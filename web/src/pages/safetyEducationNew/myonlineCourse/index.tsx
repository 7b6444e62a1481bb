import { useText } from '@/utils/i18nText';
import React, { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Descriptions, Input, Modal, Progress, Space, Table, Tag, Typography } from 'antd';
import { PageContainer } from '@ant-design/pro-components';
import { getLocale } from '@umijs/max';
import { beatStudy, myStudies, startStudy, storedName, type Study } from '@/services/education';
import { fileUrl, splitNames } from '@/utils/fileLink';

/**
 * The heartbeat period: about 15 s; a test may shorten it with ?beat=<seconds> (1-15): the
 * server credits by its own clock whatever the period, so a shorter one credits nothing more.
 */
function beatSeconds(): number {
  const v = Number(new URLSearchParams(window.location.search).get('beat'));
  return v >= 1 && v <= 15 ? v : 15;
}

/** Minutes without a mouse, key or touch before the player pauses (anti-idling). */
const IDLE_MINUTES = 5;

// 2分30秒, or 2 min 30 s in English
const fmt = (s = 0) =>
  getLocale() === 'en-US' ? `${Math.floor(s / 60)} min ${Math.floor(s % 60)} s` : `${Math.floor(s / 60)}分${Math.floor(s % 60)}秒`;

/**
 * The study of one course: a video (or audio) whose seeking stops at the furthest verified
 * point and whose speed stays 1x, or a document read while the page is visible and in use.
 * A heartbeat sends the position; the server says what it credited.
 */
function Player({ course, onClose }: { course: Study; onClose: () => void }) {
  const tt = useText();
  const media = useRef<HTMLVideoElement>(null);
  const [study, setStudy] = useState<Study>();
  const [note, setNote] = useState<string>();
  const [error, setError] = useState<string>();
  const [reading, setReading] = useState(false);
  const furthest = useRef(0);
  const readPos = useRef(0);
  const lastInput = useRef(Date.now());
  const file = splitNames(course.files).map(storedName)[0];
  const isVideo = course.kind === 1;

  const playing = () => {
    const idle = Date.now() - lastInput.current > IDLE_MINUTES * 60_000;
    if (document.hidden || idle) return false;
    return isVideo ? !!media.current && !media.current.paused && !media.current.ended : readingRef.current;
  };
  const position = () => (isVideo ? media.current?.currentTime || 0 : readPos.current);

  useEffect(() => {
    startStudy(course.courseId)
      .then((s) => {
        setStudy(s);
        furthest.current = s.furthest || 0;
        readPos.current = s.position || 0;
        // resume where the study stopped (once the media knows its length)
        const v = media.current;
        const resume = () => {
          if (v && s.position) v.currentTime = Math.min(s.position, s.furthest || 0);
        };
        if (v && v.readyState >= 1) resume();
        else v?.addEventListener('loadedmetadata', resume, { once: true });
      })
      .catch((e) => setError(e?.message || '无法开始学习'));
  }, [course.courseId]);

  // activity and visibility: idle or hidden pauses the study
  useEffect(() => {
    const touch = () => (lastInput.current = Date.now());
    const hide = () => {
      if (document.hidden) media.current?.pause();
    };
    window.addEventListener('mousemove', touch);
    window.addEventListener('keydown', touch);
    window.addEventListener('touchstart', touch);
    document.addEventListener('visibilitychange', hide);
    const idle = window.setInterval(() => {
      if (Date.now() - lastInput.current > IDLE_MINUTES * 60_000) {
        media.current?.pause();
        setReading(false);
        setNote(`${IDLE_MINUTES} 分钟无操作,已暂停`);
      }
    }, 10_000);
    return () => {
      window.removeEventListener('mousemove', touch);
      window.removeEventListener('keydown', touch);
      window.removeEventListener('touchstart', touch);
      document.removeEventListener('visibilitychange', hide);
      window.clearInterval(idle);
    };
  }, []);

  // a document's reading clock: one second a second while reading, visible and in use
  useEffect(() => {
    if (isVideo) return undefined;
    const t = window.setInterval(() => {
      if (playing()) readPos.current = Math.min(course.duration, readPos.current + 1);
    }, 1000);
    return () => window.clearInterval(t);
  });

  // the beat reads the latest state through refs (the interval is set once)
  const studyRef = useRef<Study>();
  studyRef.current = study;
  const readingRef = useRef(false);
  readingRef.current = reading;
  const beatRef = useRef<() => Promise<void>>();
  beatRef.current = async () => {
    const s0 = studyRef.current;
    if (!s0?.id || !s0.token) return;
    try {
      const s = await beatStudy(s0.id, s0.token, position(), playing());
      furthest.current = Math.max(furthest.current, s.furthest || 0);
      setStudy({ ...s, token: s0.token });
      setNote(s.creditedNow ? `本次计入 ${Math.round(s.creditedNow)} 秒` : s.note);
    } catch (e: any) {
      setError(e?.message || tt('心跳失败'));
      media.current?.pause();
      setReading(false);
    }
  };
  const beat = () => beatRef.current?.();

  useEffect(() => {
    const t = window.setInterval(() => beatRef.current?.(), beatSeconds() * 1000);
    return () => window.clearInterval(t);
  }, []);

  const close = async () => {
    media.current?.pause();
    setReading(false);
    await beat();
    onClose();
  };

  return (
    <Modal title={course.courseName} open onCancel={close} footer={null} width={860} destroyOnHidden maskClosable={false}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      {isVideo ? (
        <video
          ref={media}
          data-testid="course-media"
          src={fileUrl(file)}
          controls
          controlsList="nodownload noplaybackrate"
          disablePictureInPicture
          style={{ width: '100%', maxHeight: 420, background: '#000' }}
          onSeeking={(e) => {
            // no seeking past the furthest point watched
            const v = e.currentTarget;
            if (v.currentTime > furthest.current + 1) v.currentTime = furthest.current;
          }}
          onTimeUpdate={(e) => {
            const v = e.currentTarget;
            if (!v.seeking && v.currentTime <= furthest.current + 2) {
              furthest.current = Math.max(furthest.current, v.currentTime);
            }
          }}
          onRateChange={(e) => {
            if (e.currentTarget.playbackRate !== 1) e.currentTarget.playbackRate = 1;
          }}
        />
      ) : (
        <>
          <iframe title={course.courseName} src={fileUrl(file)} style={{ width: '100%', height: 380, border: '1px solid #eee' }} />
          <Space style={{ marginTop: 8 }}>
            <Button type="primary" data-testid="course-read" onClick={() => setReading((r) => !r)}>
              {reading ? '暂停阅读' : '开始阅读'}
            </Button>
            <Typography.Text type="secondary">阅读计时:页面可见且有操作时计时</Typography.Text>
          </Space>
        </>
      )}
      <Descriptions size="small" column={3} style={{ marginTop: 12 }}>
        <Descriptions.Item label="已核验学习">
          <span data-testid="course-credited">{fmt(study?.creditedSeconds)}</span>
        </Descriptions.Item>
        <Descriptions.Item label="已获学时">
          {study?.creditedHours ?? 0} / {course.hours}
        </Descriptions.Item>
        <Descriptions.Item label="进度">
          <Progress percent={study?.progress ?? 0} size="small" style={{ width: 140 }} />
        </Descriptions.Item>
      </Descriptions>
      {note && <Typography.Text type="secondary">{note}</Typography.Text>}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        每 {study?.minutesPerHour ?? 45} 分钟计 1 学时。快进、暂停、无操作、同时学习多门课程的时间不计入。
      </Typography.Paragraph>
    </Modal>
  );
}

/** My courses (我的课程): every course of the tenant with the caller's verified study. */
export default function MyCoursePage() {
  const tt = useText();
  const [rows, setRows] = useState<Study[]>([]);
  const [total, setTotal] = useState(0);
  const [current, setCurrent] = useState(1);
  const [name, setName] = useState('');
  const [loading, setLoading] = useState(false);
  const [playing, setPlaying] = useState<Study>();
  const load = useCallback(() => {
    setLoading(true);
    myStudies({ current, size: 10, name: name || undefined })
      .then((p) => {
        setRows(p.records || []);
        setTotal(p.total || 0);
      })
      .finally(() => setLoading(false));
  }, [current, name]);
  useEffect(load, [load]);

  return (
    <PageContainer title={false}>
      <Card>
        <Space style={{ marginBottom: 12 }}>
          <Input.Search placeholder={tt('课程名称')} allowClear onSearch={(v) => (setCurrent(1), setName(v))} style={{ width: 240 }} />
        </Space>
        <Table<Study>
          rowKey="courseId"
          loading={loading}
          dataSource={rows}
          pagination={{ current, total, pageSize: 10, onChange: setCurrent }}
          columns={[
            { title: tt('课程名称'), dataIndex: 'courseName' },
            { title: tt('课程分类'), dataIndex: 'category', width: 140 },
            { title: tt('类型'), dataIndex: 'kind', width: 70, render: (k) => (k === 1 ? tt('视频') : tt('文档')) },
            { title: tt('学时'), dataIndex: 'hours', width: 70 },
            { title: tt('已获学时'), dataIndex: 'creditedHours', width: 90, render: (v) => v ?? 0 },
            { title: tt('已学习'), dataIndex: 'creditedSeconds', width: 100, render: (v) => fmt(v) },
            { title: tt('进度'), dataIndex: 'progress', width: 150, render: (v) => <Progress percent={v ?? 0} size="small" /> },
            {
              title: tt('状态'),
              dataIndex: 'completed',
              width: 90,
              render: (v, r) =>
                v ? <Tag color="green">{tt('已完成')}</Tag> : r.id ? <Tag color="blue">{tt('学习中')}</Tag> : <Tag>{tt('未开始')}</Tag>,
            },
            {
              title: tt('操作'),
              width: 90,
              render: (_, r) => (
                <Button type="link" size="small" onClick={() => setPlaying(r)}>
                  {tt(r.id ? '继续学习' : '开始学习')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      {playing && (
        <Player
          course={playing}
          onClose={() => {
            setPlaying(undefined);
            load();
          }}
        />
      )}
    </PageContainer>
  );
}
