import React from 'react';
import { Image, Space } from 'antd';
import { fileUrl } from '@/utils/fileLink';

/** Thumbnails of a comma list of stored file names (click to preview). */
export default function Photos({ value, size = 48 }: { value?: string; size?: number }) {
  const names = String(value || '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!names.length) return <span>-</span>;
  return (
    <Image.PreviewGroup>
      <Space size={4} wrap>
        {names.map((n) => (
          <Image key={n} src={fileUrl(n)} width={size} height={size} style={{ objectFit: 'cover' }} alt={n} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
