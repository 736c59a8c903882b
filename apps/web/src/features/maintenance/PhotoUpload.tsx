/** Photos of a work order, a comment or an inspection item: uploaded at once, sent as ids. */
import { CameraOutlined } from '@ant-design/icons';
import { PHOTOS_MAX } from '@lyyp/contracts/maintenance';
import { Button, Image, Space, Upload, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maintenanceApi } from '../../api/maintenance.api.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';

export interface UploadedPhoto {
  id: string;
  url: string;
}

export function PhotoUpload({
  value,
  onChange,
}: {
  value: UploadedPhoto[];
  onChange: (photos: UploadedPhoto[]) => void;
}) {
  const { t } = useTranslation();
  const describeFailure = useDescribeFailure();
  const [busy, setBusy] = useState(false);
  return (
    <Space wrap>
      {value.map((photo) => (
        <Image key={photo.id} src={photo.url} width={56} height={56} style={{ objectFit: 'cover' }} />
      ))}
      {value.length < PHOTOS_MAX ? (
        <Upload
          accept="image/png,image/jpeg,image/gif"
          showUploadList={false}
          beforeUpload={(file) => {
            setBusy(true);
            maintenanceApi
              .uploadPhoto(file)
              .then((photo) => onChange([...value, photo]))
              .catch((error: unknown) => void message.error(describeFailure(error)))
              .finally(() => setBusy(false));
            return false;
          }}
        >
          <Button icon={<CameraOutlined />} loading={busy}>
            {t('maintenance.workOrder.uploadPhoto')}
          </Button>
        </Upload>
      ) : null}
    </Space>
  );
}
