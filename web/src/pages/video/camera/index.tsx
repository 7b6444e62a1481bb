import React, { useEffect, useState } from 'react';
import { Tag } from 'antd';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { MAP_POSITION_TIP } from '@/components/PlantMap3D/frame';
import { CAMERA_TYPES, PLATFORMS, areaOptions, cameraApi } from '@/services/video';
import { Tx } from '@/utils/i18nText';

/** Cameras (摄像头管理): channels of the tenant's video platform on its risk partitions. */
export default function VideoCameraPage() {
  const [areas, setAreas] = useState<Record<string, string>>({});
  useEffect(() => {
    areaOptions()
      .then((l) => setAreas(Object.fromEntries(l.map((o) => [o.value, o.label]))))
      .catch(() => setAreas({}));
  }, []);
  const fields: CrudField[] = [
    { title: '摄像头名称', dataIndex: 'name', search: true, form: { required: true } },
    {
      title: '通道编码',
      dataIndex: 'channelCode',
      search: 'equal',
      form: { required: true, tooltip: '大华ICC 的 channelCode;WVP 为 设备编号_通道编号' },
    },
    { title: '视频平台', dataIndex: 'platform', search: 'equal', options: PLATFORMS, form: { required: true, initialValue: 'simulator' } },
    { title: '摄像头类型', dataIndex: 'cameraType', search: 'equal', options: CAMERA_TYPES, form: { required: true, initialValue: 1 } },
    {
      title: '风险分区',
      dataIndex: 'areaId',
      render: (v: string) => areas[v] || '-',
      form: { type: 'select', request: areaOptions },
    },
    { title: '安装位置', dataIndex: 'location', form: {} },
    {
      title: '在线状态',
      dataIndex: 'status',
      form: false,
      render: (v: number) => (
        <Tag color={v === 1 ? 'green' : 'default'}>
          <Tx>{v === 1 ? '在线' : '离线'}</Tx>
        </Tag>
      ),
    },
    {
      title: '未处理报警',
      dataIndex: 'openAlarms',
      form: false,
      render: (v: string) => (Number(v) > 0 ? <Tag color="red">{v}</Tag> : '0'),
    },
    { title: '地图X(米)', dataIndex: 'mapX', type: 'digit', hideInTable: true, form: { tooltip: MAP_POSITION_TIP } },
    { title: '地图Y(米)', dataIndex: 'mapY', type: 'digit', hideInTable: true, form: { tooltip: MAP_POSITION_TIP } },
    { title: '备注', dataIndex: 'remark', type: 'textarea', hideInTable: true, form: { span: 24 } },
  ];
  return <CrudPage title="摄像头管理" fields={fields} api={cameraApi} permissionPrefix="video_camera" exportBtn={false} />;
}
