/**
 * A dialog that takes one sheet by drag and drop or choice and sends it at once: its hint, inputs
 * before the drop area (`before`), the drop area, "uploading" while the call runs, and what the
 * screen shows of the answer (`children`). Closing forgets the answer.
 */
import { InboxOutlined } from '@ant-design/icons';
import { Alert, Modal, Space, Typography, Upload } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface UploadDialogProps {
  open: boolean;
  title: ReactNode;
  hint: ReactNode;
  onClose: () => void;
  /** The upload call; its answer and failure are the screen's to show. */
  upload: { mutate: (file: File) => void; reset: () => void; isPending: boolean };
  /** Accepted file name endings (`.csv,.xlsx`) and how the drop area names them. */
  accept: string;
  acceptText: string;
  /** What the drop area says (choose a file unless told: "choose the product first"). */
  chooseText?: ReactNode;
  disabled?: boolean;
  width?: number;
  before?: ReactNode;
  children?: ReactNode;
}

export function UploadDialog({
  open,
  title,
  hint,
  onClose,
  upload,
  accept,
  acceptText,
  chooseText,
  disabled = false,
  width,
  before,
  children,
}: UploadDialogProps) {
  const { t } = useTranslation();
  const close = () => {
    upload.reset();
    onClose();
  };
  return (
    <Modal open={open} title={title} footer={null} onCancel={close} width={width} destroyOnHidden>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {hint}
        </Typography.Paragraph>
        {before}
        <Upload.Dragger
          accept={accept}
          multiple={false}
          showUploadList={false}
          disabled={disabled || upload.isPending}
          beforeUpload={(file) => {
            upload.mutate(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{chooseText ?? t('monitor.common.chooseFile')}</p>
          <p className="ant-upload-hint">{acceptText}</p>
        </Upload.Dragger>
        {upload.isPending ? <Alert type="info" showIcon title={t('monitor.common.uploading')} /> : null}
        {children}
      </Space>
    </Modal>
  );
}
