/** One checklist item of a task: its expected range, what was recorded, and the form to record it. */
import {
  INSPECTION_REMARK_MAX_LENGTH,
  type InspectionItem,
  type ItemResult,
} from '@lyyp/contracts/maintenance';
import { Button, Card, Input, InputNumber, Radio, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhotoUpload, type UploadedPhoto } from './PhotoUpload.tsx';

export interface ItemRecording {
  itemId: string;
  result: 'normal' | 'abnormal';
  reading: number | null;
  remark: string;
  photos: string[];
}

export function ItemRecorder({
  item,
  recorded,
  editable,
  busy,
  onRecord,
}: {
  item: InspectionItem;
  recorded: ItemResult | undefined;
  editable: boolean;
  busy: boolean;
  onRecord: (recording: ItemRecording) => void;
}) {
  const { t } = useTranslation();
  const [result, setResult] = useState<'normal' | 'abnormal'>(recorded?.result ?? 'normal');
  const [reading, setReading] = useState<number | null>(recorded?.reading ?? null);
  const [remark, setRemark] = useState(recorded?.remark ?? '');
  const [photos, setPhotos] = useState<UploadedPhoto[]>(recorded?.photos ?? []);
  const range =
    item.kind === 'reading' && (item.low !== null || item.high !== null)
      ? `${item.low ?? '−∞'} ~ ${item.high ?? '+∞'} ${item.unit}`
      : null;
  return (
    <Card
      size="small"
      data-testid="inspection-item"
      title={item.name}
      extra={
        recorded ? (
          <Tag color={recorded.result === 'abnormal' ? 'red' : 'green'}>
            {t(`maintenance.inspection.${recorded.result}`)}
          </Tag>
        ) : (
          <Tag>{t('maintenance.inspection.notRecorded')}</Tag>
        )
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        {range ? (
          <Typography.Text type="secondary">
            {t('maintenance.inspection.expected', { range })}
          </Typography.Text>
        ) : null}
        {recorded?.workOrderId ? (
          <Tag color="orange">{t('maintenance.inspection.workOrderRaised')}</Tag>
        ) : null}
        {editable ? (
          <>
            {item.kind === 'reading' ? (
              <InputNumber
                style={{ width: '100%' }}
                placeholder={t('maintenance.fields.reading')}
                suffix={item.unit || undefined}
                value={reading}
                onChange={(value) => setReading(typeof value === 'number' ? value : null)}
              />
            ) : null}
            <Radio.Group
              value={result}
              onChange={(event) => setResult(event.target.value as 'normal' | 'abnormal')}
            >
              <Radio.Button value="normal">{t('maintenance.inspection.normal')}</Radio.Button>
              <Radio.Button value="abnormal">{t('maintenance.inspection.abnormal')}</Radio.Button>
            </Radio.Group>
            <Input
              placeholder={t('maintenance.fields.remark')}
              maxLength={INSPECTION_REMARK_MAX_LENGTH}
              value={remark}
              onChange={(event) => setRemark(event.target.value)}
            />
            <Space wrap>
              <PhotoUpload value={photos} onChange={setPhotos} />
              <Button
                type="primary"
                loading={busy}
                data-testid="record-item"
                onClick={() =>
                  onRecord({
                    itemId: item.id,
                    result,
                    reading,
                    remark,
                    photos: photos.map((photo) => photo.id),
                  })
                }
              >
                {t('maintenance.inspection.record')}
              </Button>
            </Space>
          </>
        ) : recorded ? (
          <Typography.Text>
            {recorded.reading !== null ? `${recorded.reading} ${item.unit} ` : ''}
            {recorded.remark}
          </Typography.Text>
        ) : null}
      </Space>
    </Card>
  );
}
