import React from 'react';
import {
  AlertOutlined,
  AuditOutlined,
  CarOutlined,
  ClusterOutlined,
  DashboardOutlined,
  FireOutlined,
  FormOutlined,
  MedicineBoxOutlined,
  ReadOutlined,
  ScheduleOutlined,
  SearchOutlined,
  SettingOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';

/** One icon per module code (spec 2.4); a code without an icon drops the entry. */
export const MODULE_ICONS: Record<string, { icon: React.ComponentType<any>; color: string }> = {
  safety_risk: { icon: AlertOutlined, color: '#f5222d' },
  hidden_danger: { icon: SearchOutlined, color: '#fa8c16' },
  safety_education: { icon: ReadOutlined, color: '#52c41a' },
  dangerous_source: { icon: FireOutlined, color: '#eb2f96' },
  emergency: { icon: ThunderboltOutlined, color: '#f5222d' },
  occupational_health: { icon: MedicineBoxOutlined, color: '#389e0d' },
  intelligent_inspection: { icon: AuditOutlined, color: '#13c2c2' },
  personnel_vehicle: { icon: CarOutlined, color: '#2f54eb' },
  on_duty: { icon: ScheduleOutlined, color: '#722ed1' },
  business_process: { icon: ClusterOutlined, color: '#1677ff' },
  equipment: { icon: ToolOutlined, color: '#597ef7' },
  monitoring: { icon: DashboardOutlined, color: '#fa541c' },
  video_surveillance: { icon: VideoCameraOutlined, color: '#08979c' },
  contractor_mgmt: { icon: TeamOutlined, color: '#d48806' },
  education_admin: { icon: FormOutlined, color: '#389e0d' },
  system_settings: { icon: SettingOutlined, color: '#595959' },
};

export default function ModuleIcon({ code, size = 28 }: { code?: string; size?: number }) {
  const def = code ? MODULE_ICONS[code] : undefined;
  if (!def) return null;
  const Icon = def.icon;
  return <Icon style={{ fontSize: size, color: def.color }} />;
}
