import React, { useMemo, useState } from 'react';
import { Button, Upload } from 'antd';
import type { UploadFile, UploadProps } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { putFile, removeFile } from '@/services/resource';
import { fileUrl, splitNames } from '@/utils/fileLink';
import { fileType } from '@/utils/file';
import { message } from '@/utils/feedback';
import { useText } from '@/utils/i18nText';
import { useFilePreview } from '@/components/FilePreview';

export interface AttachmentUploadProps {
  /** comma list of stored file names */
  value?: string;
  onChange?: (v: string) => void;
  accept?: 'image' | 'any';
  max?: number;
  disabled?: boolean;
}

const IMAGE_ACCEPT = '.png,.jpg,.jpeg,.bmp,.gif';
const ANY_ACCEPT = `${IMAGE_ACCEPT},.txt,.xls,.xlsx,.doc,.docx,.pdf,.ppt,.mp4,.m2v,.mkv,.mp3,.wav,.wmv`;

/**
 * Attachments as a form field: the value is the comma list of stored names put-file returned.
 * Images show as thumbnails; removing one deletes the stored file.
 */
export default function AttachmentUpload({ value, onChange, accept = 'any', max = 9, disabled }: AttachmentUploadProps) {
  const tt = useText();
  const names = useMemo(() => splitNames(value), [value]);
  // originals: names this session uploaded -> the file name the user chose
  const [originals, setOriginals] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(0);
  // the latest value: several uploads may finish in any order before a re-render
  const latest = React.useRef<string[]>(names);
  latest.current = names;
  const fileList: UploadFile[] = names.map((n) => ({
    uid: n,
    name: originals[n] || n,
    status: 'done',
    url: fileUrl(n),
    thumbUrl: fileType(n) === 'image' ? fileUrl(n) : undefined,
  }));

  const upload: UploadProps['customRequest'] = async (opts) => {
    const file = opts.file as File;
    setBusy((b) => b + 1);
    try {
      const stored = await putFile(file);
      setOriginals((o) => ({ ...o, [stored.name]: stored.originalName || file.name }));
      latest.current = [...latest.current, stored.name];
      onChange?.(latest.current.join(','));
      opts.onSuccess?.(stored);
    } catch (e: any) {
      opts.onError?.(e);
    } finally {
      setBusy((b) => b - 1);
    }
  };
  const { preview, lightbox } = useFilePreview();
  const props: UploadProps = {
    // doc/pdf in a new window, images in a lightbox, others download (spec 5); antd's own would open every file in a window
    onPreview: (f) => preview(f.url || fileUrl(f.uid), f.uid),
    accept: accept === 'image' ? IMAGE_ACCEPT : ANY_ACCEPT,
    listType: accept === 'image' ? 'picture-card' : 'text',
    fileList,
    multiple: max > 1,
    disabled,
    customRequest: upload,
    beforeUpload: (file) => {
      if (names.length + busy >= max) {
        message.warning(`${tt('最多上传')} ${max}`);
        return Upload.LIST_IGNORE;
      }
      if (accept === 'image' && fileType(file.name) !== 'image') {
        message.warning(tt('只能上传图片'));
        return Upload.LIST_IGNORE;
      }
      return true;
    },
    onRemove: async (f) => {
      const rest = names.filter((n) => n !== f.uid);
      latest.current = rest;
      onChange?.(rest.join(','));
      removeFile(f.uid).catch(() => undefined);
      return true;
    },
  };
  const full = names.length >= max;
  return (
    <>
      {lightbox}
      <Upload {...props} data-testid="attachment-upload">
        {disabled || full ? null : accept === 'image' ? (
          <div>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{tt('上传')}</div>
          </div>
        ) : (
          <Button icon={<UploadOutlined />}>{tt('上传附件')}</Button>
        )}
      </Upload>
    </>
  );
}
