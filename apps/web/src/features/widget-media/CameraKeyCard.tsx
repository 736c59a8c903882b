/**
 * The camera cloud key association on the account security page (§1, Chinese locale only): the key
 * the platform's camera adapter uses for the video widget's pan-tilt buttons. Once saved the key is
 * shown by its last four characters and the secret never comes back; it can be replaced or removed.
 */
import { VideoCameraOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CAMERA_KEY_MAX_LENGTH,
  type CameraKeyAnswer,
  type CameraKeySaveBody,
} from '@lyyp/contracts/widget-media';
import { widgetMediaApi } from '../../api/widget-media.api.ts';
import { useAction, useConfirmAction } from '../../blocks/index.ts';
import { describeError } from '../../app/messages.ts';
import { useLocaleStore } from '../../app/i18n.ts';

const QUERY_KEY = ['camera-key'];

export function CameraKeyCard() {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const client = useQueryClient();
  const [form] = Form.useForm<CameraKeySaveBody>();
  const [editing, setEditing] = useState(false);
  const key = useQuery({ queryKey: QUERY_KEY, queryFn: widgetMediaApi.cameraKey });
  const confirm = useConfirmAction();
  const describe = (error: unknown) => describeError(error, locale);
  const done = (answer: CameraKeyAnswer) => {
    client.setQueryData(QUERY_KEY, answer);
    setEditing(false);
    form.resetFields();
  };
  const save = useAction({
    run: widgetMediaApi.saveCameraKey,
    successText: t('widgetMedia.cameraKey.saved'),
    onDone: done,
    describeError: describe,
  });
  const current = key.data;
  const showForm = editing || (current !== undefined && !current.associated);

  return (
    <Card
      size="small"
      data-camera-key={current?.associated ? 'associated' : 'none'}
      title={
        <Space>
          <VideoCameraOutlined />
          {t('widgetMedia.cameraKey.title')}
        </Space>
      }
      style={{ marginTop: 16 }}
    >
      <Typography.Paragraph type="secondary">{t('widgetMedia.cameraKey.intro')}</Typography.Paragraph>
      {key.error ? (
        <Typography.Paragraph type="danger">{describeError(key.error, locale)}</Typography.Paragraph>
      ) : null}
      {current?.associated && (
        <Space orientation="vertical" size={4} style={{ marginBottom: 12 }}>
          <Typography.Text data-camera-key-hint>
            {t('widgetMedia.cameraKey.associated', { hint: current.appKeyHint })}
          </Typography.Text>
          {current.updatedAt !== null && (
            <Typography.Text type="secondary">
              {t('widgetMedia.cameraKey.updatedAt', {
                time: dayjs(current.updatedAt).format('YYYY-MM-DD HH:mm'),
              })}
            </Typography.Text>
          )}
          {!editing && (
            <Space>
              <Button onClick={() => setEditing(true)} data-action="camera-key-replace">
                {t('widgetMedia.cameraKey.replace')}
              </Button>
              <Button
                danger
                data-action="camera-key-remove"
                onClick={() =>
                  confirm({
                    title: t('widgetMedia.cameraKey.removeConfirm'),
                    run: widgetMediaApi.deleteCameraKey,
                    successText: t('widgetMedia.cameraKey.removed'),
                    onDone: done,
                    describeError: describe,
                  })
                }
              >
                {t('widgetMedia.cameraKey.remove')}
              </Button>
            </Space>
          )}
        </Space>
      )}
      {showForm && (
        <Form
          form={form}
          layout="vertical"
          style={{ maxWidth: 420 }}
          onFinish={(values) => save.mutate(values)}
          name="camera-key"
        >
          <Form.Item
            name="appKey"
            label={t('widgetMedia.cameraKey.appKey')}
            rules={[{ required: true, whitespace: true, message: t('widgetMedia.cameraKey.appKeyRequired') }]}
          >
            <Input maxLength={CAMERA_KEY_MAX_LENGTH} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="appSecret"
            label={t('widgetMedia.cameraKey.appSecret')}
            rules={[
              { required: true, whitespace: true, message: t('widgetMedia.cameraKey.appSecretRequired') },
            ]}
          >
            <Input.Password maxLength={CAMERA_KEY_MAX_LENGTH} autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-action="camera-key-save">
            {t('widgetMedia.cameraKey.save')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
